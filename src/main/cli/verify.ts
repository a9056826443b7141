import { readFileSync } from 'node:fs';
import { verifySignature } from '../core/analysis/signature';
import { defineCommand, parseCommandLine } from '@webhook-inspector/command-line';

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

/** `verify`: checks an X-Service-Signature against a body file's exact bytes; exits 0 only when it is valid. */
export async function verifyCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(verifyDefinition, args);
  if (!values.secret) throw new Error('--secret is required');
  if (!values.body) throw new Error('--body FILE is required (the raw body bytes; - for stdin)');
  if (values.signature === undefined) throw new Error('--signature is required (the X-Service-Signature value)');
  const body = readFileSync(values.body === '-' ? 0 : values.body);
  const check = verifySignature(body, values.signature, values.secret);
  console.log(`Verdict: ${check.verdict}`);
  console.log(`Reason: ${check.reason}`);
  if (check.verdict !== 'valid') process.exitCode = 1;
}
