import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions } from './signing-secret-options';
import { storeUrlOptions } from './store-url';

export const importDefinition = defineCommand({
  name: 'import',
  synopsis: ['PATH [--data-dir DIR] [--store URL] [--secret S | --secret-file FILE] [--body-limit SIZE]'],
  summary: "Import a fixtures folder, a HAR file or an NDJSON export into a data dir or a team's PostgreSQL store, analyzed like live deliveries.",
  description: [
    'What cannot be read is skipped and named, never fatal; the data dir is created when missing.',
    "Each delivery's body is held to the receiver's limit (1 MiB, or --body-limit): an entry over it is skipped and named, never stored; an NDJSON line or a HAR entry longer than such a delivery takes (its body as base64 and 256 KiB beside it) is skipped without being read whole. A HAR file is read as a stream, never whole.",
  ],
  positionals: [{ name: 'PATH', help: 'The fixtures folder, HAR file or NDJSON export.' }],
  options: {
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir to import into.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
    'body-limit': {
      type: 'string',
      value: 'SIZE',
      help: 'The most body bytes an imported delivery may have; one over it is skipped and named.',
      default: "1MiB, the receiver's limit",
      example: '4MiB',
    },
    ...signingSecretOptions('The signing secret the imported deliveries are checked with.', 'the secret the data dir keeps in its file'),
  },
});
