import { BadStoreInput, StoreUnavailable } from '../common/store-errors';

/** What the network says when the server is not there, or went away under a connection. */
const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * SQLSTATE classes and codes of a server that cannot serve us now: connection exceptions (08), refused
 * authorization (28), a database that does not exist (3D000), too many connections (53300), shutting down
 * or starting (57P01–57P03).
 */
function serverUnavailable(code: string): boolean {
  return code.startsWith('08') || code.startsWith('28') || code === '3D000' || code === '53300' || /^57P0[123]$/.test(code);
}

/** node-postgres reports a lost or unopened connection in a message only. */
const lostConnection = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * The error a PostgreSQL store throws for one of the driver's: StoreUnavailable (503) when the server cannot be
 * reached or will not serve, BadStoreInput (400) for a value it cannot take (data exceptions, class 22: a NUL
 * byte in a text, a number out of a column's range; program limits, class 54); anything else as it came. No
 * message of the driver carries the URL's password.
 */
export function storeErrorOf(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof StoreUnavailable || error instanceof BadStoreInput) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unreachable.has(code) || serverUnavailable(code))) {
    return new StoreUnavailable(`the database is unavailable: ${error.message}`, { cause: error });
  }
  if (typeof code !== 'string' && lostConnection.test(error.message)) {
    return new StoreUnavailable(`the database is unavailable: ${error.message}`, { cause: error });
  }
  if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'))) {
    return new BadStoreInput(`the database cannot take a value of this call: ${error.message}`, { cause: error });
  }
  return error;
}
