import { defineCommand } from '@webhook-inspector/command-line';
import { signingSecretOptions } from './signing-secret-options';
import { storeUrlOptions } from './store-url';

export const importDefinition = defineCommand({
  name: 'import',
  synopsis: ['PATH [--data-dir DIR] [--store URL] [--secret S | --secret-file FILE]'],
  summary: "Import a fixtures folder, a HAR file or an NDJSON export into a data dir or a team's PostgreSQL store, analyzed like live deliveries.",
  description: ['What cannot be read is skipped and named, never fatal; the data dir is created when missing.'],
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
    ...signingSecretOptions('The signing secret the imported deliveries are checked with.', 'the secret the data dir keeps in its file'),
  },
});
