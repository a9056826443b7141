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

/** What a certificate error code means, in words, for the ones a user meets with a target's own certificate. */
const certificateWords: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed (its chain ends in a self-signed root)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'issued by an authority this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT: 'issued by an authority this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issued by an authority this machine does not trust',
  CERT_UNTRUSTED: 'not trusted by this machine',
  ERR_TLS_CERT_ALTNAME_INVALID: "issued for another host name than the target's",
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not valid yet',
};

/**
 * The target's certificate was refused: what is wrong with it and its SHA-256 fingerprint (read from the handshake,
 * so the user can compare it with the target's own before accepting it).
 */
export function untrustedCertificate(code: string, fingerprint: string | undefined, pinned: boolean): AttemptError {
  const what = certificateWords[code] ?? 'not trusted';
  const seen = fingerprint === undefined ? '' : `, SHA-256 fingerprint ${fingerprint}`;
  const pin = pinned ? ', and not the pinned one' : '';
  return new AttemptError('certificate', `The target's certificate is ${what} (${code})${seen}${pin}.`, code);
}
