import pino from 'pino';

/**
 * Where the core says what happened: one message a call, at its level. Never given secrets. The composition root
 * (start-core.ts) takes one from its caller and passes it down; nothing else makes one.
 */
export interface Logger {
  /** A notable event: a listener restarted, a store opened, a source connected. */
  info(message: string): void;
  /** Something failed that is retried or worked around: a write refused, a background step that failed. */
  warn(message: string): void;
  /** Something failed for good: the store refuses writes, a thread could not be started again. */
  error(message: string): void;
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * For a person at a terminal (`serve`, `listen`, the desktop's console): each message as one line, as it is, whatever
 * its level.
 */
export function humanLogger(writeLine: (line: string) => void): Logger {
  return { info: writeLine, warn: writeLine, error: writeLine };
}

/**
 * For a server run by an operator (`serve --team`): pino's JSON, one object a line (`level`, `time`, `pid`,
 * `hostname`, `msg`), to a file (appended) or, by default, stderr, for the journal or a log shipper to read.
 * Written synchronously, so that a line is out before the process exits.
 */
export function jsonLogger(destination: { file: string } | { fd: number } = { fd: 2 }, level: pino.Level = 'info'): Logger {
  const dest = 'file' in destination ? pino.destination({ dest: destination.file, append: true, mkdir: true, sync: true }) : pino.destination({ dest: destination.fd, sync: true });
  const log = pino({ level }, dest);
  return { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
}
