import { defineCommand } from '@webhook-inspector/command-line';

export const verifyDefinition = defineCommand({
  name: 'verify',
  synopsis: ['--secret S --body FILE --signature HEADER'],
  summary: "Check an X-Service-Signature against a body file's exact bytes; exit 0 only when it is valid.",
  options: {
    secret: { type: 'string', value: 'S', help: 'The signing secret (required).', example: 'whsec_…' },
    body: { type: 'string', value: 'FILE', help: 'The raw body bytes (required); - reads them from standard input.', example: 'delivery.body' },
    signature: { type: 'string', value: 'HEADER', help: 'The X-Service-Signature value (required).', example: 'sha256=5257a869…' },
  },
});
