import { defineCommand } from '@webhook-inspector/command-line';
import { storeUrlOptions } from './store-url';

export const diffDefinition = defineCommand({
  name: 'diff',
  synopsis: ['LEFT_ID RIGHT_ID [--json] [--data-dir DIR] [--store URL]'],
  summary: 'Compare two stored deliveries: headers as received, the body as JSON and as bytes, signature verdicts and findings.',
  description: [
    "The text reads like a unified diff: --- the left delivery, +++ the right one, what differs in sentences (#), then a section for each part that differs: @@ headers @@ (order and case as received), @@ body: JSON @@ (paths added, removed and changed; numbers by their exact text, so 1.10 is not 1.1; key order and keys written twice), @@ body: text @@ (a line diff when either body is not JSON), @@ body: bytes @@ (the first differing byte, the hex around it), @@ signature @@ and @@ findings @@. A peer's control and invisible characters are printed as escapes.",
    'An expected signature digest that does not match the one received shows its first 8 hex digits only, as on a team server below admin. It exits 0 when nothing differs and 1 when something does (or on an error, said on stderr).',
  ],
  positionals: [
    { name: 'LEFT_ID', help: 'A stored delivery (its arrival number, as in the list and the export).' },
    { name: 'RIGHT_ID', help: 'The delivery to compare it with.' },
  ],
  options: {
    json: { type: 'boolean', help: 'Print the comparison as one JSON object (the deliveries.compare answer) instead of text.' },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store holds the deliveries.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});
