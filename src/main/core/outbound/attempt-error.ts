export type AttemptErrorKind = 'connect_timeout' | 'read_timeout' | 'connection' | 'certificate' | 'aborted';

/** Why an attempt got no (complete) HTTP answer: each kind is a failure the service retries (spec 7). */
export class AttemptError extends Error {
  constructor(
    readonly kind: AttemptErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const certificateCodes = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;

export function attemptErrorOf(error: unknown): AttemptError {
  if (error instanceof AttemptError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && certificateCodes.test(code)) return new AttemptError('certificate', `${code}: ${message}`);
  return new AttemptError('connection', typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message);
}
