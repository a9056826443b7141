import type { ProgressListener } from '../core/export/progress';

/** Prints "label: done of total" to stderr (stdout stays for the result). */
export function progressLine(label: string): ProgressListener {
  return ({ done, total, finished }) => {
    const of = total === null ? '' : ` of ${total}`;
    process.stderr.write(`${label}: ${done}${of}${finished ? ', finished' : ''}\n`);
  };
}

/** The CLI reports every this many items. */
export const cliProgressEvery = 500;
