import { readFileSync } from 'node:fs';
import { verifySignature } from '../core/analysis/signature';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { verifyDefinition } from './verify-definition';

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
