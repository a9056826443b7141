import type { LookupAddress, LookupOptions } from 'node:dns';
import { connect as connectTcp, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { AttemptError, attemptErrorOf, untrustedCertificate } from './attempt-error';
import { EgressRefused, type CheckedAddress, type Egress } from './egress';

export interface ConnectionOptions {
  connectTimeoutMs: number;
  /** SHA-256 fingerprint of a self-signed certificate to accept; other certificates need normal verification. */
  trustedFingerprint: string | null;
  /** Accept any certificate, self-signed included (only when the user allowed it for this target). */
  acceptAnyCertificate?: boolean;
  signal: AbortSignal;
  /** The policy that resolves and checks the target's address before anything connects. */
  egress: Egress;
}

/** Colon-separated uppercase hex, as X509Certificate.fingerprint256 gives it; colons and case in the input do not matter. */
export function normalizeFingerprint(fingerprint: string): string {
  const hex = fingerprint.replace(/:/g, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? hex;
}

function certificateAccepted(socket: TLSSocket, trustedFingerprint: string | null, acceptAny: boolean): boolean {
  if (socket.authorized || acceptAny) return true;
  const presented = socket.getPeerCertificate().fingerprint256;
  if (trustedFingerprint === null || presented === undefined) return false;
  return normalizeFingerprint(presented) === normalizeFingerprint(trustedFingerprint);
}

export function targetHostPort(target: URL): { host: string; port: number } {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(target.port) || (target.protocol === 'https:' ? 443 : 80) };
}

/** The checked addresses to connect to; a refusal becomes the attempt's `refused` error. */
async function checkedAddresses(target: URL, egress: Egress): Promise<CheckedAddress[]> {
  try {
    return await egress.addressesFor(target);
  } catch (error) {
    if (error instanceof EgressRefused) throw new AttemptError('refused', error.message);
    throw attemptErrorOf(error);
  }
}

/**
 * A connected socket to the target, TLS verified before any byte of the request is written: a pinned
 * self-signed certificate is checked here, since Node skips checkServerIdentity once chain verification fails.
 * The host is resolved once by the egress policy and the socket connects only to the addresses it checked, so a
 * name that resolves elsewhere a moment later (DNS rebinding) changes nothing; TLS still verifies the name.
 */
export async function openConnection(target: URL, options: ConnectionOptions): Promise<Socket> {
  if (options.signal.aborted) throw new AttemptError('aborted', 'The sender was closed.');
  const secure = target.protocol === 'https:';
  const { host, port } = targetHostPort(target);
  const lookup = pinnedLookup(await withTimeout(checkedAddresses(target, options.egress), options));
  return new Promise((resolve, reject) => {
    const socket = secure
      ? connectTls({
          host,
          port,
          lookup,
          ...(isIP(host) ? {} : { servername: host }),
          // Checked on secureConnect, before a byte is written, where the refused certificate can still be read.
          rejectUnauthorized: false,
          ALPNProtocols: ['http/1.1'],
        })
      : connectTcp({ host, port, lookup });
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('error', onError);
      options.signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: AttemptError) => {
      cleanup();
      socket.destroy();
      reject(error);
    };
    const onError = (error: Error) => fail(attemptErrorOf(error));
    const onAbort = () => fail(new AttemptError('aborted', 'The sender was closed.'));
    const timer = setTimeout(
      () => fail(new AttemptError('connect_timeout', `No connection within ${options.connectTimeoutMs} ms.`)),
      options.connectTimeoutMs,
    );
    if (options.signal.aborted) return onAbort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', onError);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      if (secure && !certificateAccepted(socket as TLSSocket, options.trustedFingerprint, options.acceptAnyCertificate ?? false)) {
        const tls = socket as TLSSocket;
        const code = String(tls.authorizationError);
        return fail(untrustedCertificate(code, tls.getPeerCertificate().fingerprint256, options.trustedFingerprint !== null));
      }
      cleanup();
      resolve(socket);
    });
  });
}

/**
 * Name resolution for the socket that answers only with the addresses the policy checked: Node tries them as it
 * would the system's (IPv6 and IPv4 in turn), and never looks the name up again.
 */
function pinnedLookup(addresses: readonly CheckedAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback: (...args: never[]) => void) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const usable = wanted.length > 0 ? wanted : addresses;
    const answer = callback as (error: null, address: string | LookupAddress[], family?: number) => void;
    if (options.all) answer(null, usable.map(({ address, family }) => ({ address, family })));
    else answer(null, usable[0]!.address, usable[0]!.family);
  };
}

/** Name resolution counts against the connect timeout, and the sender's closing stops waiting for it. */
function withTimeout<T>(task: Promise<T>, options: ConnectionOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(() => reject(new AttemptError('connect_timeout', `No connection within ${options.connectTimeoutMs} ms.`))),
      options.connectTimeoutMs,
    );
    const onAbort = () => finish(() => reject(new AttemptError('aborted', 'The sender was closed.')));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      settle();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    task.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
