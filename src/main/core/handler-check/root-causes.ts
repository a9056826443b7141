import type { CaseResult, CheckExchange } from './case-result';

/** One mistake of the handler that several failures come from, with the evidence and the fix. */
export interface RootCause {
  id: string;
  /** The mistake in a few words, for each case it explains to point at. */
  title: string;
  mistake: string;
  fix: string;
  caseIds: string[];
}

/** A cause is named when at least this many cases fail because of it (one case says its own fix). */
const fewestCases = 2;

/** The answer's status, when an answer came whole. */
const statusOf = (exchange: CheckExchange) => (exchange.sent.errorKind === null ? (exchange.sent.response?.status ?? null) : null);
const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;
const is4xx = (status: number | null) => status !== null && status >= 400 && status < 500;

/** Whether the body, parsed and written out again, is other bytes (25.00 comes back as 25, \u00e9 as é, …). */
function changesWhenReserialised(body: Buffer): boolean {
  try {
    return !Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')))).equals(body);
  } catch {
    return false;
  }
}

const realTraffic = (results: readonly CaseResult[]) => results.flatMap((result) => result.exchanges.filter((e) => e.expect === 'acknowledge').map((exchange) => ({ result, exchange })));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const verifyFirst =
  'verify the signature first, before anything else: the HMAC-SHA256 of the raw body bytes keyed with your signing secret, compared in constant time with the 64 hex digits after sha256=; on any mismatch answer 401 and stop (spec 5.3, 5.4)';

/** Every forgery was accepted: the handler checks no signature at all. */
function signatureNotChecked(results: readonly CaseResult[]): RootCause | null {
  const forgeries = results.filter((r) => r.category === 'rejects-forgeries');
  const accepted = forgeries.filter((r) => r.verdict === 'security-failure');
  if (accepted.length < fewestCases || accepted.length !== forgeries.length) return null;
  return {
    id: 'signature-not-checked',
    title: 'no signature check',
    mistake: `The handler does not check X-Service-Signature: it answered 2xx to every forgery (${plural(accepted.length, 'case')}), one signed with another secret and one with no signature among them`,
    fix: verifyFirst,
    caseIds: accepted.map((r) => r.id),
  };
}

/**
 * The signature is checked over the parsed body written out again: a delivery signed that way is accepted, and the
 * genuine ones whose bytes change when re-serialised are refused with a 4xx while the others are taken.
 */
function reserialisedJson(results: readonly CaseResult[], notChecked: boolean): RootCause | null {
  if (notChecked) return null;
  const forgery = results.find((r) => r.id === 'rejects-forgeries/reserialised-json' && r.verdict === 'security-failure') ?? null;
  // What the handler answers a bad signature (its answer to a forgery it rejected); any 4xx when none was sent.
  const rejected = results.find((r) => r.category === 'rejects-forgeries' && r.verdict === 'pass')?.exchanges.at(-1);
  const badSignature = rejected ? statusOf(rejected) : null;
  const refusal = (status: number | null) => (badSignature === null ? is4xx(status) : status === badSignature);
  const traffic = realTraffic(results).map(({ result, exchange }) => ({ result, status: statusOf(exchange), changes: changesWhenReserialised(exchange.request.body) }));
  const refusedChanging = traffic.filter((t) => t.changes && refusal(t.status));
  const refusedSame = traffic.filter((t) => !t.changes && refusal(t.status));
  const takenSame = traffic.filter((t) => !t.changes && is2xx(t.status));
  const refusalsFit = refusedChanging.length > 0 && refusedSame.length === 0 && takenSame.length > 0;
  if (!forgery && !refusalsFit) return null;
  const refusedCases = refusalsFit ? [...new Set(refusedChanging.filter((t) => t.result.verdict !== 'pass').map((t) => t.result.id))] : [];
  const caseIds = [...(forgery ? [forgery.id] : []), ...refusedCases];
  if (caseIds.length < fewestCases) return null;
  const evidence = [
    ...(forgery ? ['it accepted a delivery signed over the parsed body written out again'] : []),
    ...(refusalsFit ? [`it refused ${plural(refusedChanging.length, 'correctly signed delivery', 'correctly signed deliveries')} whose bytes change when parsed and written out again (25.00 comes back as 25, …) and took those whose bytes do not`] : []),
  ];
  return {
    id: 'signature-over-reserialised-json',
    title: 'signature checked over re-serialised JSON',
    mistake: `The handler checks the signature over re-serialised JSON (the parsed body written out again, as JSON.stringify(req.body) does), not over the raw bytes it received: ${evidence.join(', and ')}`,
    fix: "compute the HMAC over the raw request body, before parsing it: in Express, express.raw({ type: 'application/json' }) on this route, or express.json({ verify }) keeping the buffer; then parse those same bytes (spec 5.3, 5.4)",
    caseIds,
  };
}

/** Every correctly signed delivery got the same 401 or 403 while the forgeries were refused: another secret, other bytes signed. */
function everySignedRefused(results: readonly CaseResult[], explained: ReadonlySet<string>): RootCause | null {
  const traffic = realTraffic(results).map(({ result, exchange }) => ({ result, status: statusOf(exchange) }));
  const status = traffic[0]?.status ?? null;
  if (status === null || (status !== 401 && status !== 403) || traffic.some((t) => t.status !== status)) return null;
  if (results.some((r) => r.verdict === 'security-failure')) return null;
  const caseIds = [...new Set(traffic.map((t) => t.result.id))].filter((id) => !explained.has(id) && results.find((r) => r.id === id)!.verdict === 'fail');
  if (caseIds.length < fewestCases) return null;
  return {
    id: 'every-signed-delivery-refused',
    title: 'every signed delivery refused',
    mistake: `The handler refused every correctly signed delivery with ${status}: it checks the signature with another secret than the one this check signs with, or over other bytes than the raw body alone (a timestamp with it?)`,
    fix: 'sign the check with the secret the handler verifies with (--secret-file, or the secret of the run), and have the handler compute the HMAC-SHA256 of the raw body alone: X-Service-Timestamp is not part of the signed message (spec 5.3, 5.5)',
    caseIds,
  };
}

/** Unknown events refused with a 4xx in each case that sends one. */
function unknownEventsRefused(results: readonly CaseResult[], explained: ReadonlySet<string>): RootCause | null {
  const refused = results.filter(
    (r) => (r.id === 'ignores-unknown/recipient-event' || r.id === 'ignores-unknown/payout-event') && !explained.has(r.id) && r.exchanges.every((e) => is4xx(statusOf(e))),
  );
  if (refused.length < fewestCases) return null;
  return {
    id: 'unknown-events-refused',
    title: 'unknown events refused',
    mistake: `The handler refuses events it does not know (${statusOf(refused[0]!.exchanges[0]!)}): the service drops each such event at the first 4xx, and new events may appear at any time (spec 9.1)`,
    fix: 'answer 2xx to an event you do not know, and do nothing else with it: route the ones you know, acknowledge the rest (spec 6 rule 6, 9.3)',
    caseIds: refused.map((r) => r.id),
  };
}

/** The mistakes that explain several failures at once; each case is tied to one cause at most. */
export function rootCauses(results: readonly CaseResult[]): RootCause[] {
  const causes: RootCause[] = [];
  const explained = new Set<string>();
  const add = (cause: RootCause | null) => {
    if (cause === null) return;
    causes.push(cause);
    for (const id of cause.caseIds) explained.add(id);
  };
  const notChecked = signatureNotChecked(results);
  add(notChecked);
  add(reserialisedJson(results, notChecked !== null));
  add(everySignedRefused(results, explained));
  add(unknownEventsRefused(results, explained));
  return causes;
}
