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
  if (values['secret-file'] !== undefined) return secretFileText(values['secret-file']);
  if (values.secret !== undefined) return values.secret;
  const inEnvironment = variable === undefined ? undefined : process.env[variable];
  return inEnvironment === undefined || inEnvironment === '' ? undefined : inEnvironment;
}

/** The file's secret, or an error of one line naming the file and what is wrong with it (never a bare ENOENT). */
function secretFileText(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it cannot be read (permission denied)' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new Error(`--secret-file ${file}: ${why}; give the file that holds the signing secret`);
  }
}
