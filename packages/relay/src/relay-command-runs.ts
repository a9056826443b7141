import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import pg from 'pg';
import { closeOnSignal, parseCommandLine, parseCount, parsePort, parseSize, requiredStoreUrl, type StoreUrlFlags } from '@webhook-inspector/command-line';
import { channelAudit, channelHoldings, createChannel, revokeChannel, rotateChannelToken } from './channels';
import { migrateRelaySchema } from './pg-schema';
import { defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes } from './relay-defaults';
import {
  channelCreateDefinition,
  channelListDefinition,
  relayAuditDefinition,
  relayDefinition,
  relayStoreVariable,
  relayTokenVariable,
  channelRevokeDefinition,
  channelRotateDefinition,
} from './relay-definitions';
import { startRelay } from './start-relay';
import { jsonRelayLogger } from './relay-logger';

// What the relay's commands (relay-commands.ts) do, loaded only when one of them runs.

/** The database URL: --store, --store-file, or WEBHOOK_INSPECTOR_RELAY_STORE (which keep a password out of the process list). */
function storeUrl(values: StoreUrlFlags): string {
  return requiredStoreUrl(values, relayStoreVariable, 'the relay database');
}

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrateRelaySchema(pool);
    return await work(pool);
  } finally {
    await pool.end();
  }
}

/** --public-url, refused before anything changes when it is not an http(s) URL. */
function checkedPublicUrl(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined) return undefined;
  const url = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`--public-url must be an https:// (or http://) URL; got ${JSON.stringify(publicUrl)}`);
  return publicUrl;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** What the app must pin to trust the relay: its certificate's SHA-256 and why, or a note that it could not be read. */
type CertificateToPin = { fingerprint: string; why: string } | { note: string } | null;

const probeTimeoutMs = 5000;

/** A relay's own certificate file: its fingerprint when it is self-signed (the app trusts any other as usual). */
function pinOfCertificateFile(file: string): CertificateToPin {
  const certificate = new X509Certificate(readFileSync(file));
  // Its own issuer, signed with its own key (checkIssued would also ask for a CA's key usage, which a server's own
  // self-signed certificate rarely has).
  const selfSigned = certificate.issuer === certificate.subject && certificate.verify(certificate.publicKey);
  return selfSigned ? { fingerprint: certificate.fingerprint256, why: 'self-signed' } : null;
}

/** Why a certificate is not trusted, in words, from OpenSSL's code. */
function untrustedWhy(code: string): string {
  return code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN' ? 'self-signed' : `not trusted: ${code}`;
}

/**
 * The certificate the relay's public URL presents, as a laptop will see it: nothing to pin when it is trusted,
 * its fingerprint when not. Only a TLS handshake is made (no request, no token sent), within 5 seconds.
 */
function pinOfPublicUrl(url: URL): Promise<CertificateToPin> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  const unread = (why: string): CertificateToPin => ({
    note: `could not read the certificate at ${url.origin} (${why}); for a relay with a self-signed certificate, add --relay-fingerprint with its SHA-256 (give this command --cert FILE to print it)`,
  });
  return new Promise((resolve) => {
    const socket = connect({ host, port, servername: isIP(host) ? undefined : host, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    socket.setTimeout(probeTimeoutMs, () => {
      socket.destroy();
      resolve(unread(`no answer within ${probeTimeoutMs / 1000} s`));
    });
    socket.once('error', (error) => resolve(unread(error.message)));
    socket.once('secureConnect', () => {
      const presented = socket.getPeerCertificate().fingerprint256;
      const authorizationError = socket.authorizationError;
      socket.end();
      if (socket.authorized || !presented) return resolve(null);
      resolve({ fingerprint: presented, why: untrustedWhy(String(authorizationError)) });
    });
  });
}

/** The relay's certificate to pin: from --cert when given, else as its https public URL presents it. */
async function certificateToPin(certFile: string | undefined, publicUrl: string | undefined): Promise<CertificateToPin> {
  if (certFile !== undefined) return pinOfCertificateFile(certFile);
  if (publicUrl === undefined) return null;
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? pinOfPublicUrl(url) : null;
}

function printToken(name: string, token: string, publicUrl: string | undefined, pin: CertificateToPin): void {
  const base = (publicUrl ?? 'https://<your relay host>').replace(/\/+$/, '');
  console.log(`Channel: ${name}`);
  console.log(`Callback URL: ${base}/c/${name}/webhooks   (any path under /c/${name}/ is received)`);
  console.log(`Pull token (shown once, stored only as a hash): ${token}`);
  const fingerprint = pin !== null && 'fingerprint' in pin ? pin.fingerprint : null;
  if (pin !== null && 'fingerprint' in pin) console.log(`Relay certificate SHA-256 (${pin.why}: the app pins it): ${pin.fingerprint}`);
  // The token in the environment, as the docs advise: a flag would show it in the process list.
  console.log(
    `Connect the app: ${relayTokenVariable}=${token} webhook-inspector serve --relay ${base}${fingerprint === null ? '' : ` --relay-fingerprint ${fingerprint}`}`,
  );
  console.log(`  (or in Settings → Sources: the relay's URL, this token${fingerprint === null ? '' : ' and the fingerprint'})`);
  if (pin !== null && 'note' in pin) console.log(`Note: ${pin.note}`);
}

export async function channelCreateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelCreateDefinition, args);
  const name = positionals[0]!;
  const retention = {
    keepDays: values['keep-days'] === undefined ? null : parseCount(values['keep-days'], '--keep-days'),
    keepBytes: values['keep-size'] === undefined ? null : parseSize(values['keep-size'], '--keep-size'),
  };
  const publicUrl = checkedPublicUrl(values['public-url']);
  const { token } = await withPool(storeUrl(values), (pool) => createChannel(pool, name, retention));
  printToken(name, token, publicUrl, await certificateToPin(values.cert, publicUrl));
}

export async function channelRotateCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelRotateDefinition, args);
  const name = positionals[0]!;
  const publicUrl = checkedPublicUrl(values['public-url']);
  const { token } = await withPool(storeUrl(values), (pool) => rotateChannelToken(pool, name));
  console.log(`The old pull token of ${name} opens nothing any more; its open streams are closed.`);
  printToken(name, token, publicUrl, await certificateToPin(values.cert, publicUrl));
}

export async function channelRevokeCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(channelRevokeDefinition, args);
  const name = positionals[0]!;
  await withPool(storeUrl(values), (pool) => revokeChannel(pool, name));
  console.log(`Channel ${name} is revoked: its pull token opens nothing, its streams are closed, and senders to /c/${name}/ are answered 410 (kept as unrouted).`);
}

export async function channelListCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(channelListDefinition, args);
  const channels = await withPool(storeUrl(values), (pool) => channelHoldings(pool));
  for (const c of channels) {
    const keep = [c.keepDays === null ? null : `${c.keepDays} days`, c.keepBytes === null ? null : megabytes(c.keepBytes)]
      .filter(Boolean)
      .join(', ');
    const state = c.revokedAt === null ? 'open' : `revoked ${c.revokedAt}`;
    console.log(`${c.name}\t${state}\t${c.deliveries} deliveries\t${megabytes(c.bytes)}\tkeeps ${keep || 'everything'}`);
  }
}

export async function auditCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(relayAuditDefinition, args);
  for (const entry of await withPool(storeUrl(values), channelAudit)) {
    console.log(`${entry.at}\t${entry.actor}\t${entry.action}\t${entry.channel}`);
  }
}

export async function relayCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(relayDefinition, args);
  if ((values.cert === undefined) !== (values.key === undefined)) throw new Error('give --cert and --key together');
  const relay = await startRelay({
    store: storeUrl(values),
    https:
      values.cert === undefined || values.key === undefined
        ? null
        : {
            port: values.port === undefined ? 8443 : parsePort(values.port, '--port'),
            cert: readFileSync(values.cert, 'utf8'),
            key: readFileSync(values.key, 'utf8'),
          },
    httpPort: values['http-port'] === undefined ? null : parsePort(values['http-port'], '--http-port'),
    host: values.host,
    trustedProxies: values['trust-proxy']?.split(',').map((a) => a.trim()).filter(Boolean) ?? [],
    unroutedBudgetBytes: values['unrouted-budget'] === undefined ? defaultUnroutedBudgetBytes : parseSize(values['unrouted-budget'], '--unrouted-budget'),
    maxStreamsPerToken:
      values['max-streams-per-token'] === undefined ? defaultMaxStreamsPerToken : parseCount(values['max-streams-per-token'], '--max-streams-per-token'),
    logger: jsonRelayLogger(),
  });
  closeOnSignal(relay);
  if (relay.urls.https) console.log(`Relay (HTTPS): ${relay.urls.https}`);
  if (relay.urls.http) console.log(`Relay (HTTP):  ${relay.urls.http}`);
  console.log('Receiving on /c/<channel>/…; laptops pull from /relay/v1/ with their channel token; GET /healthz answers a health check.');
}
