import { readFileSync, statSync } from 'node:fs';
import type { OptionDefinitions } from './command-definition';

/** A PostgreSQL connection URL (the only kind of store URL a command takes). */
export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** How a command's usage line writes the store options below (`serve user create NAME (--store URL | --store-file FILE)`). */
export const storeSynopsis = '(--store URL | --store-file FILE)';

/** `--store URL` and `--store-file FILE`, for a store kept in PostgreSQL; `variable` is read when neither is given. */
export function storeOptions(variable: string, what: string, otherwise: string) {
  return {
    store: {
      type: 'string',
      value: 'URL',
      help: `${what}: a postgresql:// URL. One that holds a password is seen in the process list: give it with --store-file or ${variable}.`,
      default: `${variable}, else ${otherwise}`,
      example: 'postgresql://inspector@db.internal/inspector',
    },
    'store-file': {
      type: 'string',
      value: 'FILE',
      help: 'A file (mode 0600) holding that URL, in place of --store.',
      example: '~/.config/webhook-inspector/store-url',
    },
  } as const satisfies OptionDefinitions;
}

export interface StoreUrlFlags {
  store?: string;
  'store-file'?: string;
}

/** Where a URL came from, to name in an error without repeating the URL. */
type Given = { url: string; from: string };

function fromFile(file: string, warn: (line: string) => void): Given {
  // Group or world bits: anyone else on the machine may read the password (Windows has no such bits).
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) warn(`warning: ${file} is readable by other users of this machine; chmod 600 it`);
  return { url: readFileSync(file, 'utf8').trim(), from: `the file ${file}` };
}

/** Whether a URL carries a password, in its user part or as a parameter. */
function hasPassword(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.password !== '' || parsed.searchParams.has('password');
  } catch {
    return /:[^/@]*@|password=/i.test(url);
  }
}

/**
 * The PostgreSQL URL a command was given: `--store URL`, `--store-file FILE` (its content, trimmed), or else the
 * environment variable; undefined when none was. A password on the command line is seen by anyone who lists the
 * machine's processes: it is used, with a one-line warning on stderr recommending the other two ways.
 */
export function storeUrlFrom(
  values: StoreUrlFlags,
  variable: string,
  warn: (line: string) => void = (line) => console.error(line),
): string | undefined {
  if (values.store !== undefined && values['store-file'] !== undefined) throw new Error('give --store or --store-file, not both');
  const inEnvironment = process.env[variable];
  const given: Given | undefined =
    values.store !== undefined
      ? { url: values.store, from: '--store' }
      : values['store-file'] !== undefined
        ? fromFile(values['store-file'], warn)
        : inEnvironment
          ? { url: inEnvironment, from: variable }
          : undefined;
  if (given === undefined) return undefined;
  if (!isPostgresUrl(given.url)) throw new Error(`${given.from} must hold a postgresql:// URL`);
  if (given.from === '--store' && hasPassword(given.url)) {
    warn(`warning: the password in --store is visible in the process list; give the URL in ${variable} or with --store-file FILE instead`);
  }
  return given.url;
}

/** As `storeUrlFrom`, for a command that cannot run without a database: `what` names it in the error. */
export function requiredStoreUrl(values: StoreUrlFlags, variable: string, what: string): string {
  const url = storeUrlFrom(values, variable);
  if (url === undefined) throw new Error(`give ${what}: --store postgresql://…, --store-file FILE, or ${variable}`);
  return url;
}
