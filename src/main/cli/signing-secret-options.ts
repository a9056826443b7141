import { readFileSync } from 'node:fs';

/** The environment variable a command may take the signing secret from, out of the process list and the shell history. */
export const signingSecretVariable = 'WEBHOOK_INSPECTOR_SECRET';

/**
 * `--secret S | --secret-file FILE`: the signing secret a command signs or checks with. `fallback` says what holds
 * without either (e.g. signingSecretVariable, for a command that reads it: signingSecretFrom's `variable`).
 */
export function signingSecretOptions(help: string, fallback?: string) {
  return {
    secret: { type: 'string', value: 'S', help, ...(fallback ? { default: fallback } : {}), example: 'whsec_…' },
    'secret-file': { type: 'string', value: 'FILE', help: 'A file holding that secret, in place of --secret (kept out of the shell history).', example: 'signing-secret.txt' },
  } as const;
}

/**
 * The secret given by --secret or --secret-file, else (when the command reads one) by the environment variable;
 * undefined when none was.
 */
export function signingSecretFrom(values: { secret?: string; 'secret-file'?: string }, variable?: string): string | undefined {
  if (values.secret !== undefined && values['secret-file'] !== undefined) throw new Error('give --secret or --secret-file, not both');
  if (values['secret-file'] !== undefined) return readFileSync(values['secret-file'], 'utf8').trim();
  if (values.secret !== undefined) return values.secret;
  const inEnvironment = variable === undefined ? undefined : process.env[variable];
  return inEnvironment === undefined || inEnvironment === '' ? undefined : inEnvironment;
}
