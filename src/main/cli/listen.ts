import { closeOnSignal, parseCommandLine, parsePort } from '@webhook-inspector/command-line';
import type { FedDelivery } from '../core/delivery-feed';
import { certificateRemedy } from '../core/replay/certificate-remedy';
import { humanLogger } from '../core/logger';
import { startCore } from '../core/start-core';
import { defaultDataDir } from './default-data-dir';
import { listenDefinition } from './listen-definition';
import { portInUse } from './port-in-use';
import { builtRendererDir } from './renderer-dir';
import { signingSecretFrom, signingSecretVariable } from './signing-secret-options';
import { signingSecretLine } from './signing-secret-line';

const relayTokenVariable = 'WEBHOOK_INSPECTOR_RELAY_TOKEN';

function forwardTarget(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`--forward-to: "${text}" is not an http or https URL`);
  return url.href;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The receive time in this machine's time zone, to the second. */
function localTime(iso: string): string {
  const t = new Date(iso);
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;
}

function forwardWords(forward: FedDelivery['forward']): string {
  if (forward === null) return '→ not forwarded';
  if (forward.error === null && forward.status !== null) return `→ ${forward.status} in ${forward.durationMs} ms`;
  const status = forward.status === null ? '' : `${forward.status}, then `;
  // Settings' switch is not this run's: the flag is.
  const error = (forward.error ?? 'none').replace(certificateRemedy.forward, 'To forward to it anyway, give --insecure.');
  return `→ ${status}no answer after ${forward.durationMs} ms: ${error}`;
}

/** One text line: time, number, method and path, event, form, signature verdict, new or copy, and the forward's answer. */
export function deliveryLine({ summary, copyOf, forward }: FedDelivery, forwarding: boolean): string {
  const parts = [
    localTime(summary.receivedAt),
    `#${summary.id}`.padEnd(4),
    `${summary.method} ${summary.path}`,
    (summary.event ?? '(no event)').padEnd(24),
    summary.form.padEnd(13),
    `signature ${summary.signature}`.padEnd(19),
    (copyOf === null ? 'new' : `copy of #${copyOf}`).padEnd(12),
  ];
  if (summary.source !== null) parts.push(`via ${summary.source}`);
  if (forwarding || forward !== null) parts.push(forwardWords(forward));
  return parts.join('  ').trimEnd();
}

/** One NDJSON line (`listen --json`): the field names are kept stable and listed in docs/cli.md. */
export function deliveryJson({ summary, copyOf, forward }: FedDelivery) {
  return {
    id: summary.id,
    receivedAt: summary.receivedAt,
    method: summary.method,
    path: summary.path,
    event: summary.event,
    payoutType: summary.payoutType,
    form: summary.form,
    signature: summary.signature,
    copyOf,
    duplicateCount: summary.duplicateCount,
    idempotencyKey: summary.idempotencyKey,
    answered: summary.responseStatus,
    source: summary.source,
    forward,
  };
}

/** `listen`: the receiver, and a line per delivery as it is stored (forwarded to --forward-to). */
export async function listenCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(listenDefinition, args);
  const secret = signingSecretFrom(values, signingSecretVariable);
  const target = values['forward-to'] === undefined ? null : forwardTarget(values['forward-to']);
  if (values.insecure && target === null) throw new Error('--insecure is for the handler of --forward-to https://…: give --forward-to');
  const relayToken = process.env[relayTokenVariable];
  if (values.relay !== undefined && !relayToken) throw new Error(`give the relay channel's pull token in ${relayTokenVariable} (relay channel create prints it)`);
  if (values['relay-fingerprint'] !== undefined && values.relay === undefined) throw new Error('--relay-fingerprint is for --relay URL: give --relay');
  const ports = {
    https: values.port === undefined ? undefined : parsePort(values.port, '--port'),
    http: values['http-port'] === undefined ? undefined : parsePort(values['http-port'], '--http-port'),
  };

  const core = await startCore({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    host: values.host,
    httpsPort: ports.https,
    httpPort: ports.http,
    uiPort: 0,
    secret,
    simulator: false,
    relay: values.relay === undefined || !relayToken ? undefined : { url: values.relay, token: relayToken, fingerprint: values['relay-fingerprint'] ?? null },
    forward:
      target === null
        ? undefined
        : { enabled: true, target, appendPath: false, pathRewrite: null, mirrorStatus: false, allowSelfSigned: values.insecure },
    rendererDir: builtRendererDir(),
    logger: humanLogger((line) => console.error(line)),
  }).catch((error: unknown) => {
    throw portInUse(error, [
      { asked: ports.https, flag: '--port', what: 'the HTTPS receiver' },
      { asked: ports.http, flag: '--http-port', what: 'the plain-HTTP receiver' },
    ]);
  });
  let following: { stop(): Promise<void> } | null = null;
  // Before anything is printed: a signal sent as soon as a line appears closes cleanly. The lines read are printed first.
  closeOnSignal({
    close: async () => {
      await following?.stop();
      await core.close();
    },
  });
  const print = values.json
    ? (delivery: FedDelivery) => console.log(JSON.stringify(deliveryJson(delivery)))
    : (delivery: FedDelivery) => console.log(deliveryLine(delivery, target !== null));
  following = await core.deliveryFeed.follow(print);

  console.error(`Receiver (HTTPS): ${core.urls.receiverHttps}`);
  if (core.urls.receiverHttp) console.error(`Receiver (HTTP):  ${core.urls.receiverHttp}`);
  console.error(`Certificate SHA-256: ${core.certificateFingerprint}`);
  console.error(`Signing secret: ${signingSecretLine(core.signingSecret(), false)}`);
  if (values.relay !== undefined) console.error(`Pulling from relay: ${values.relay}`);
  if (target !== null) console.error(`Forwarding to: ${target}`);
  console.error(`UI: ${core.urls.ui}`);
  // Last: whoever waits for this line has read the others.
  console.error(`Listening: one line per delivery${values.json ? ' (NDJSON)' : ''} on standard output; Ctrl-C stops`);
}
