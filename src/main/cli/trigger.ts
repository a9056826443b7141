import { randomUUID } from 'node:crypto';
import { deliveryHeaders } from 'payout-simulator';
import { normalizeFingerprint, sendAttempt, type AttemptOutcome } from '@webhook-inspector/http-attempt';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { personalEgress } from '../core/outbound/egress-policy';
import { defaultSenderLimits } from '../core/replay/send-replay';
import { signingSecretFrom, signingSecretVariable } from './signing-secret-options';
import { triggerDefinition } from './trigger-definition';
import { triggerBody, triggerEvents, type TriggerEvent } from './trigger-events';

/** What the service does with an answer (spec 7): acknowledged, tried again later, or given up at once. */
export type ServiceOutcome = 'done' | 'retried' | 'abandoned';

/** Spec 7: a 2xx is done; a 4xx is abandoned at the first one; a 5xx, a 3xx (no redirect followed), a timeout or no connection is retried. */
export function serviceOutcome(status: number | null): ServiceOutcome {
  if (status !== null && status >= 200 && status < 300) return 'done';
  if (status !== null && status >= 400 && status < 500) return 'abandoned';
  return 'retried';
}

const outcomeWords: Record<ServiceOutcome, string> = {
  done: 'done: the service takes it as delivered',
  retried: 'retried: the service would send it again later (up to 8 attempts, spec 7, 8)',
  abandoned: 'abandoned: the service would give up on it at once, never retried (spec 7)',
};

function targetUrl(text: string | undefined): URL {
  if (text === undefined) throw new Error('give --to URL: your handler, as the service would call it');
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`--to: "${text}" is not an http or https URL`);
  return url;
}

function seconds(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0)) throw new Error(`--timeout must be a positive number of seconds, not "${text}"`);
  return value;
}

function listEvents(json: boolean): void {
  const events = triggerEvents();
  if (json) {
    console.log(JSON.stringify({ events: events.map(({ event, form, unknown }) => ({ event, form, unknown })) }));
    return;
  }
  const width = Math.max(...events.map((e) => e.event.length));
  const formWidth = Math.max(...events.map((e) => e.form.length));
  for (const e of events) {
    const note = e.unknown ? 'not in the spec: a handler ignores it and answers 2xx (spec 6.6, 9.3)' : `as in ${e.from}`;
    console.log(`${e.event.padEnd(width)}  ${e.form.padEnd(formWidth)}  ${note}`);
  }
}

/** The answer, or what stood in for one. */
function answerLine(outcome: AttemptOutcome): string {
  if (outcome.kind === 'response') return `${outcome.statusCode} in ${outcome.durationMs} ms`;
  const status = outcome.partial ? `${outcome.partial.statusCode}, then ` : '';
  return `${status}no answer after ${outcome.durationMs} ms: ${outcome.error}`;
}

function remedy(outcome: AttemptOutcome): string | null {
  if (outcome.kind !== 'error' || outcome.errorKind !== 'certificate') return null;
  return "To send to it anyway, give --insecure, or --fingerprint with the certificate's SHA-256 fingerprint to pin it.";
}

/** `trigger EVENT --to URL`: one signed delivery of EVENT to the handler; exit 1 when the service would not be done. */
export async function triggerCommand(args: string[]): Promise<void> {
  // --list takes no EVENT: the same options, read without the argument.
  const listing = args.includes('--list');
  const { values, positionals } = parseCommandLine(listing ? { ...triggerDefinition, positionals: [] } : triggerDefinition, args);
  if (values.list) return listEvents(values.json);
  const url = targetUrl(values.to);
  const secret = signingSecretFrom(values, signingSecretVariable);
  if (!secret) throw new Error(`give --secret, --secret-file or ${signingSecretVariable}: the signing secret your handler verifies with`);
  if (values.insecure && values.fingerprint !== undefined) throw new Error('give --insecure or --fingerprint, not both');
  const fingerprint = values.fingerprint === undefined ? null : normalizeFingerprint(values.fingerprint);
  const readTimeoutMs = seconds(values.timeout ?? '10') * 1000;

  const { chosen, bodyText } = triggerBody(positionals[0]!, values.form);
  const body = Buffer.from(bodyText, 'utf8');
  const deliveryId = randomUUID();
  const headers = deliveryHeaders({ event: chosen.event, body, secret, deliveryId, dispatchedAtMs: Date.now(), faults: [] });
  const outcome = await sendAttempt({
    target: url,
    body,
    headers,
    connectTimeoutMs: defaultSenderLimits.connectTimeoutMs,
    readTimeoutMs,
    trustedFingerprint: fingerprint,
    acceptAnyCertificate: values.insecure,
    responseBodyCapBytes: defaultSenderLimits.responseBodyCapBytes,
    signal: new AbortController().signal,
    egress: personalEgress(),
  });
  const status = outcome.kind === 'response' ? outcome.statusCode : null;
  const service = serviceOutcome(status);
  if (values.json) console.log(JSON.stringify(triggerJson(chosen, url, deliveryId, body, outcome, service)));
  else {
    console.log(`${chosen.event} (${chosen.form}) → ${url.href}  delivery ${deliveryId}`);
    console.log(`${answerLine(outcome)}: ${outcomeWords[service]}`);
    const fix = remedy(outcome);
    if (fix) console.log(fix);
  }
  if (service !== 'done') process.exitCode = 1;
}

/** `trigger --json`: one object, its fields documented in docs/cli.md. */
function triggerJson(chosen: TriggerEvent, url: URL, deliveryId: string, body: Buffer, outcome: AttemptOutcome, service: ServiceOutcome) {
  const answer = outcome.kind === 'response' ? outcome : outcome.partial;
  return {
    event: chosen.event,
    form: chosen.form,
    unknownEvent: chosen.unknown,
    url: url.href,
    deliveryId,
    bodySize: body.byteLength,
    status: outcome.kind === 'response' ? outcome.statusCode : null,
    durationMs: outcome.durationMs,
    error: outcome.kind === 'error' ? outcome.error : null,
    outcome: service,
    responseBody: answer ? answer.body.toString('utf8') : null,
  };
}
