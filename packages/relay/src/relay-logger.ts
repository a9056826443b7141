import pino from 'pino';

/** What the relay says while it serves: one message a call, at its level. Never given a token or a password. */
export interface RelayLogger {
  /** A notable event: retention pruned deliveries, the database answers again. */
  info(message: string): void;
  /** Something failed that is retried or worked around: a listener reconnecting, a pull that failed. */
  warn(message: string): void;
  /** Something failed for good until an operator acts: the database cannot be reached. */
  error(message: string): void;
}

export const silentRelayLogger: RelayLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * For the relay run by an operator (`serve`, under systemd): pino's JSON, one object a line (`level`, `time`, `pid`,
 * `hostname`, `msg`), on stderr for the journal or a log shipper. Written synchronously, so that a line is out before
 * the process exits.
 */
export function jsonRelayLogger(level: pino.Level = 'info', destination: pino.DestinationStream = pino.destination({ dest: 2, sync: true })): RelayLogger {
  const log = pino({ level }, destination);
  return { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
}
