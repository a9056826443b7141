import type { Egress } from '../outbound/egress-policy';
import { defaultSenderLimits, type OutgoingRequest, type SentReplay } from '../replay/send-replay';
import type { CheckCase } from './check-case';
import type { CaseResult, CheckExchange } from './case-result';
import { gradeCase, type Answer, type Verdict } from './grade';
import { latencySummary, type LatencySummary } from './latency';
import { rootCauses, type RootCause } from './root-causes';
import { HandlerUnreachable, unreachableMessage } from './unreachable';

export type { CaseResult, CheckExchange } from './case-result';

export interface CheckRun {
  target: string;
  startedAt: string;
  finishedAt: string;
  results: CaseResult[];
  counts: Record<Verdict, number>;
  /** Mistakes that several failures come from, each naming its cases. */
  causes: RootCause[];
  /** Over every answered request of the real-traffic cases (forgeries may be slow to reject: they are not counted). */
  latency: LatencySummary;
}

export interface CheckTarget {
  url: URL;
  allowSelfSigned: boolean;
  egress: Egress;
  readTimeoutMs: number;
  /** Sends one request with the service's limits (the core's tracked sender, or a plain one on the command line). */
  send(out: OutgoingRequest): Promise<SentReplay>;
}

function answerOf(sent: SentReplay): Answer {
  if (sent.errorKind === 'read_timeout' || sent.errorKind === 'connect_timeout') return { kind: 'timeout', durationMs: sent.durationMs };
  if (sent.error !== null || sent.response === null) return { kind: 'error', error: sent.error ?? 'no answer', durationMs: sent.durationMs };
  return { kind: 'response', status: sent.response.status, durationMs: sent.durationMs };
}

async function sendCase(target: CheckTarget, checkCase: CheckCase): Promise<CheckExchange[]> {
  const one = async (request: CheckCase['requests'][number]): Promise<CheckExchange> => ({
    label: request.label ?? null,
    expect: request.expect ?? checkCase.expect,
    request: { headers: request.headers, body: request.body },
    sent: await target.send({
      url: target.url,
      method: 'POST',
      headers: request.headers,
      body: request.body,
      allowSelfSigned: target.allowSelfSigned,
      kind: 'check',
      egress: target.egress,
    }),
  });
  if (checkCase.simultaneous) return Promise.all(checkCase.requests.map(one));
  const exchanges: CheckExchange[] = [];
  for (const request of checkCase.requests) exchanges.push(await one(request));
  return exchanges;
}

/**
 * Sends one case and grades what came back; throws when the egress policy refused the target, and a
 * HandlerUnreachable when a request never reached the handler (no case passes or fails on a connection never made).
 */
export async function checkOneCase(target: CheckTarget, checkCase: CheckCase): Promise<CaseResult> {
  const exchanges = await sendCase(target, checkCase);
  const refused = exchanges.find((exchange) => exchange.sent.refused);
  if (refused) throw new Error(`the target was refused before sending: ${refused.sent.error}`);
  for (const exchange of exchanges) {
    const unreachable = unreachableMessage(target.url, exchange.sent, defaultSenderLimits.connectTimeoutMs);
    if (unreachable) throw new HandlerUnreachable(unreachable.message, unreachable.kind);
  }
  const answers = exchanges.map((exchange) => answerOf(exchange.sent));
  return {
    id: checkCase.id,
    category: checkCase.category,
    title: checkCase.title,
    specSections: checkCase.specSections,
    expect: checkCase.expect,
    ...gradeCase(checkCase, answers, target.readTimeoutMs),
    cause: null,
    exchanges,
    durationMs: Math.max(...answers.map((answer) => answer.durationMs)),
  };
}

/**
 * Sends the cases one after the other and grades each; `onResult` hears each as it is graded. Stops at the first
 * request that never reached the handler: a HandlerUnreachable, with the cases graded before it.
 */
export async function runHandlerCheck(target: CheckTarget, cases: readonly CheckCase[], onResult: (result: CaseResult, index: number) => void = () => {}): Promise<CheckRun> {
  const startedAt = new Date().toISOString();
  const results: CaseResult[] = [];
  for (const [index, checkCase] of cases.entries()) {
    let result: CaseResult;
    try {
      result = await checkOneCase(target, checkCase);
    } catch (error) {
      if (!(error instanceof HandlerUnreachable)) throw error;
      const after = results.length === 0 ? 'No case was graded.' : `It stopped answering after ${results.length} of ${cases.length} cases: the run stopped there.`;
      throw new HandlerUnreachable(`${error.message} ${after}`, error.kind, summarizeResults(results).results);
    }
    results.push(result);
    onResult(result, index);
  }
  return { target: target.url.href, startedAt, finishedAt: new Date().toISOString(), ...summarizeResults(results) };
}

/**
 * The verdict counts, the root causes (each failure they explain pointing at its own), the answer times over real
 * traffic, and the results in the report's order.
 */
export function summarizeResults(results: readonly CaseResult[]): Pick<CheckRun, 'results' | 'counts' | 'latency' | 'causes'> {
  const counts: Record<Verdict, number> = { pass: 0, fail: 0, 'security-failure': 0 };
  for (const result of results) counts[result.verdict]++;
  const realTraffic = results.filter((r) => r.expect === 'acknowledge').flatMap((r) => r.exchanges.map((e) => answerOf(e.sent)));
  const answered = realTraffic.filter((answer) => answer.kind === 'response').map((answer) => answer.durationMs);
  const causes = rootCauses(results);
  const causeOf = new Map(causes.flatMap((cause) => cause.caseIds.map((id) => [id, cause.id] as const)));
  const pointed = results.map((result) => ({ ...result, cause: causeOf.get(result.id) ?? null }));
  return { results: ordered(pointed), counts, causes, latency: latencySummary(answered) };
}

const verdictOrder: Record<Verdict, number> = { 'security-failure': 0, fail: 1, pass: 2 };

/** Security failures first, then failures, then passes; the battery's order within each. */
function ordered(results: readonly CaseResult[]): CaseResult[] {
  return results.map((result, i) => ({ result, i })).sort((a, b) => verdictOrder[a.result.verdict] - verdictOrder[b.result.verdict] || a.i - b.i).map(({ result }) => result);
}
