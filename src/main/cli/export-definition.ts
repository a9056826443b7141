import { defineCommand } from '@webhook-inspector/command-line';
import { storeUrlOptions } from './store-url';

const selection = '[--ids 1,2,3 | --lifecycle KEY | --group IDEMPOTENCY_KEY]';
const dataDirOption = {
  type: 'string',
  value: 'DIR',
  help: 'The data dir whose store is read.',
  default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
  example: './inspector-data',
} as const;

export const exportDefinition = defineCommand({
  name: 'export',
  synopsis: [
    '--format ndjson [--out FILE] [--data-dir DIR] [--store URL]',
    `--format fixtures [--out DIR] ${selection} [--test-secret S] [--redact] [--strip-signatures] [--data-dir DIR] [--store URL]`,
    `--format har [--out FILE] ${selection} [--base-url URL] [--data-dir DIR] [--store URL]`,
  ],
  summary: 'Write the stored deliveries as NDJSON (a stable format), a fixtures folder, or HAR 1.2.',
  description: [
    'It says on stderr what it wrote, how many and where; stdout carries the data only. When the reader of stdout goes away (export … | head), it ends quietly with 0.',
  ],
  options: {
    format: { type: 'string', value: 'FORMAT', help: 'ndjson (every delivery), fixtures (a folder of files a test can replay) or har.', example: 'ndjson' },
    out: {
      type: 'string',
      value: 'FILE|DIR',
      help: 'Where to write: a file (ndjson, har) or a folder (fixtures).',
      default: 'standard output for ndjson and har; a new folder in the data dir for fixtures',
      example: 'deliveries.ndjson',
    },
    ids: { type: 'string', value: '1,2,3', help: 'Only these deliveries (fixtures, har).', default: 'every delivery', example: '4,7,9' },
    lifecycle: { type: 'string', value: 'KEY', help: "Only one lifecycle's deliveries (fixtures, har).", example: 'send:snd_8841' },
    group: { type: 'string', value: 'IDEMPOTENCY_KEY', help: 'Only the deliveries with this idempotency key (fixtures, har).', example: 'payout.status_changed|8841' },
    'test-secret': {
      type: 'string',
      value: 'S',
      help: 'Re-sign the fixtures with this test secret (never the real one, which is refused).',
      default: 'the signatures as received',
      example: 'whsec_test_only',
    },
    redact: { type: 'boolean', help: "Replace personal data in the fixtures' bodies with stable stand-ins." },
    'strip-signatures': { type: 'boolean', help: 'Leave the signature header out of the fixtures.' },
    'base-url': {
      type: 'string',
      value: 'URL',
      help: "The origin HAR entries are addressed to (har).",
      default: "the receiver's saved ports on 127.0.0.1",
      example: 'https://hooks.example.com',
    },
    'data-dir': dataDirOption,
    ...storeUrlOptions,
  },
});

export const lifecyclesDefinition = defineCommand({
  name: 'lifecycles',
  synopsis: ['--format ndjson [--out FILE] [--data-dir DIR] [--store URL]'],
  summary: 'Write one NDJSON line per lifecycle (a send or a recipient, its events in event-time order).',
  description: ['Like export, it says on stderr what it wrote and ends quietly with 0 when the reader of stdout goes away.'],
  options: {
    format: { type: 'string', value: 'FORMAT', help: 'ndjson, the only one.', example: 'ndjson' },
    out: { type: 'string', value: 'FILE', help: 'The file to write.', default: 'standard output', example: 'lifecycles.ndjson' },
    'data-dir': dataDirOption,
    ...storeUrlOptions,
  },
});
