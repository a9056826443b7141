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

/**
 * How far a run of `total` items is, for a command whose result is printed once at the end (check's table): on a
 * terminal, one line on stderr rewritten in place and erased at the end, so that nothing is printed twice; elsewhere
 * (a CI log) one line at the start, ended by its newline.
 */
export function runProgress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr) {
  const live = stream.isTTY === true;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  stream.write(live ? `${label}: 0 of ${plural(total, 'case')}` : `${label} with ${plural(total, 'case')}…\n`);
  return {
    update(done: number, failed: number): void {
      if (live) stream.write(`\r\x1b[2K${label}: ${done} of ${plural(total, 'case')}${failed > 0 ? `, ${failed} failed so far` : ''}`);
    },
    end(): void {
      if (live) stream.write('\r\x1b[2K');
    },
  };
}
