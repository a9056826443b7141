export type AttemptErrorKind = 'connect_timeout' | 'read_timeout' | 'connection' | 'certificate' | 'aborted' | 'refused';

/**
 * Why an attempt got no (complete) HTTP answer: each kind but `refused` is a failure the service retries (spec 7);
 * `refused` is the egress policy's, before any connection. `code` is the system's error code when there was one.
 */
export class AttemptError extends Error {
  constructor(
    readonly kind: AttemptErrorKind,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const certificateCodes = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;

export function attemptErrorOf(error: unknown): AttemptError {
  if (error instanceof AttemptError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code !== 'string') return new AttemptError('connection', message);
  if (certificateCodes.test(code)) return new AttemptError('certificate', `${code}: ${message}`, code);
  return new AttemptError('connection', message.includes(code) ? message : `${code}: ${message}`, code);
}
