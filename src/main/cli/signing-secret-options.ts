import { readFileSync } from 'node:fs';

/** `--secret S | --secret-file FILE`: the signing secret a command signs or checks with. */
export function signingSecretOptions(help: string, fallback?: string) {
  return {
    secret: { type: 'string', value: 'S', help, ...(fallback ? { default: fallback } : {}), example: 'whsec_…' },
    'secret-file': { type: 'string', value: 'FILE', help: 'A file holding that secret, in place of --secret (kept out of the shell history).', example: 'signing-secret.txt' },
  } as const;
}

/** The secret given by --secret or --secret-file; undefined when neither was. */
export function signingSecretFrom(values: { secret?: string; 'secret-file'?: string }): string | undefined {
  if (values.secret !== undefined && values['secret-file'] !== undefined) throw new Error('give --secret or --secret-file, not both');
  if (values['secret-file'] !== undefined) return readFileSync(values['secret-file'], 'utf8').trim();
  return values.secret;
}
