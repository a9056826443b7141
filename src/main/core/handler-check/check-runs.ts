import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CallContext } from '../../../shared/contract';
import { CheckRunView, keptRunLimit, type CheckCaseResult, type CheckRunSummary } from '../../../shared/handler-check';
import { headersWithoutSignatures, seesWholeDigests } from '../../../shared/signature-view';
import { redactUrl, redactUrlsIn, seesUrlOf } from '../../../shared/url-redaction';
import type { SettingsStore } from '../store/inspector-store';
import type { StoreReader } from '../store/reader';
import { secretFingerprint } from '../signing-secret';
import { handlerCheckBattery } from './battery';
import type { CheckCase } from './check-case';
import { caseResultView, summaryOf } from './check-run-view';
import { checkOneCase, runHandlerCheck, summarizeResults, type CaseResult, type CheckTarget } from './run-check';
import { selectCases } from './select-cases';
import { latencySummary } from './latency';
import { storedDeliveryCases } from './stored-cases';
import { HandlerUnreachable } from './unreachable';
import type { Logger } from '../logger';

/** A call that cannot be served as asked; `status` is the HTTP status the control server answers with. */
export class CheckRunError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface CheckRunsDeps {
  settings: SettingsStore;
  /** Where the stored deliveries a run also sends are read. */
  store: Pick<StoreReader, 'replaySources'>;
  /** The signing secret in force (the core's own), or null. */
  secret: () => string | null;
  /** A team server: below admin, a run signs with the secret its starter gives, never the one in force. */
  team: boolean;
  /** The core's tracked sender and egress policy, for this URL. */
  target: (url: URL, allowSelfSigned: boolean) => Omit<CheckTarget, 'url' | 'allowSelfSigned'>;
  /** Refuses (throws) a target the egress policy refuses, before anything is sent. */
  checkEgress: (url: string) => Promise<void>;
  /** How much of a body a run keeps: what replays keep of an answer. */
  bodyCapBytes: number;
  /** A run changed: a case was graded (or graded again), it finished, it was kept or dropped. */
  publish: (change: CheckRunChange) => void;
  logger: Logger;
}

/** What a `check.changed` event carries. */
export interface CheckRunChange {
  runId: string;
  result: CheckCaseResult | null;
  summary: CheckRunSummary;
}

/** Whether `caller` sees a run's requests whole (their signatures included): its starter and admins. */
function seesRequestsOf(run: CheckRunSummary, caller: CallContext): boolean {
  return seesWholeDigests(caller) || (caller.user !== null && caller.user === run.startedBy);
}

function resultWithoutSignatures(result: CheckCaseResult): CheckCaseResult {
  return {
    ...result,
    exchanges: result.exchanges.map((exchange) => ({ ...exchange, request: { ...exchange.request, headers: headersWithoutSignatures(exchange.request.headers) } })),
  };
}

/** A run (or its summary) as `caller` may read its target: whole for its starter and admins, its credentials redacted else. */
export function summaryShownTo<Run extends CheckRunSummary>(run: Run, caller: CallContext): Run {
  if (seesUrlOf(caller, run.startedBy)) return run;
  return { ...run, target: redactUrl(run.target), error: run.error === null ? null : redactUrlsIn(run.error) };
}

/** A run as `caller` may read it: anyone else than its starter and admins sees its target redacted and its requests' signatures cut to a prefix. */
export function runShownTo(run: CheckRunView, caller: CallContext): CheckRunView {
  const shown = summaryShownTo(run, caller);
  return seesRequestsOf(run, caller) ? shown : { ...shown, results: run.results.map(resultWithoutSignatures) };
}

/** A `check.changed` event as `caller`'s stream carries it (see runShownTo). */
export function changeShownTo(change: CheckRunChange, caller: CallContext): CheckRunChange {
  const summary = summaryShownTo(change.summary, caller);
  const result = change.result === null || seesRequestsOf(change.summary, caller) ? change.result : resultWithoutSignatures(change.result);
  return { ...change, summary, result };
}

const settingsKey = 'handlerCheckRuns';
const KeptRuns = z.array(CheckRunView);

/** The run in memory: the core's results (for sending a case again and summing up) beside what the calls show. */
interface CurrentRun {
  view: CheckRunView;
  secret: string;
  results: Map<string, CaseResult>;
  /** The cases in the run's order: the battery's, then the stored deliveries'. */
  order: string[];
  /** The stored deliveries' cases: sent again as they are (the battery's are built afresh, with new events). */
  stored: CheckCase[];
  resentAt: Map<string, string>;
}

/**
 * The handler check of the UI: one run at a time (the current one, until the next starts), and the runs the user
 * kept, in the store's settings (at most ten, bodies capped) so that they survive a restart.
 */
export class CheckRuns {
  private current: CurrentRun | null = null;
  private busy: Promise<unknown> | null = null;
  private closing = false;
  private kept: CheckRunView[];

  constructor(private readonly deps: CheckRunsDeps) {
    this.kept = deps.settings.read(settingsKey, KeptRuns) ?? [];
  }

  async start(
    input: { url: string; allowSelfSigned: boolean; only: string[]; deliveryIds: number[]; secret?: string },
    caller: CallContext,
  ): Promise<CheckRunView> {
    this.refuseWhileBusy();
    if (this.closing) throw new CheckRunError('the inspector is closing', 503);
    const secret = this.secretFor(input.secret, caller);
    let cases: CheckCase[];
    try {
      cases = selectCases(handlerCheckBattery({ secret }), input.only);
    } catch (error) {
      throw new CheckRunError((error as Error).message, 400);
    }
    // Its errors say their status: an id it cannot send (400), the store down (503).
    const stored = await storedDeliveryCases(this.deps.store, input.deliveryIds, secret);
    cases.push(...stored);
    try {
      await this.deps.checkEgress(input.url);
    } catch (error) {
      throw new CheckRunError((error as Error).message, 403);
    }
    this.refuseWhileBusy();
    const url = new URL(input.url);
    const view: CheckRunView = {
      id: randomUUID(),
      target: url.href,
      allowSelfSigned: input.allowSelfSigned,
      secretFingerprint: secretFingerprint(secret),
      startedBy: caller.user,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      state: 'running',
      error: null,
      total: cases.length,
      counts: { pass: 0, fail: 0, 'security-failure': 0 },
      latency: latencySummary([]),
      keptAt: null,
      results: [],
      causes: [],
    };
    const run: CurrentRun = { view, secret, results: new Map(), order: cases.map((c) => c.id), stored, resentAt: new Map() };
    this.current = run;
    this.busy = runHandlerCheck(this.target(url, input.allowSelfSigned), cases, (result) => {
      run.results.set(result.id, result);
      this.update(run, result);
    })
      .then(() => this.finish(run, null))
      .catch((error: Error) => this.finish(run, error.message))
      .finally(() => (this.busy = null));
    return this.copy(view);
  }

  /** The run with this id: the current one or a kept one, as `caller` may read it. */
  get(runId: string, caller: CallContext): CheckRunView {
    if (this.current?.view.id === runId) return runShownTo(this.copy(this.current.view), caller);
    const kept = this.kept.find((run) => run.id === runId);
    if (!kept) throw new CheckRunError(`no check run ${runId}`, 404);
    return runShownTo(kept, caller);
  }

  list(): { current: CheckRunSummary | null; kept: CheckRunSummary[] } {
    return { current: this.current && summaryOf(this.current.view), kept: this.kept.map(summaryOf) };
  }

  /** Sends one case of the current run again, with the secret it was signed with, and grades it again. */
  async resend(runId: string, caseId: string, caller: CallContext): Promise<CheckCaseResult> {
    const run = this.current;
    if (!run || run.view.id !== runId) throw new CheckRunError('only a case of the current run can be sent again; start a run to check the handler now', 409);
    this.refuseWhileBusy();
    const checkCase = [...handlerCheckBattery({ secret: run.secret }), ...run.stored].find((c) => c.id === caseId);
    if (!checkCase || !run.order.includes(caseId)) throw new CheckRunError(`the run has no case ${caseId}`, 404);
    const url = new URL(run.view.target);
    const sending = checkOneCase(this.target(url, run.view.allowSelfSigned), checkCase);
    this.busy = sending.catch(() => {}).finally(() => (this.busy = null));
    let result: CaseResult;
    try {
      result = await sending;
    } catch (error) {
      // The handler not reached (nothing listening, its certificate refused) is a bad gateway, not a refusal of ours.
      throw new CheckRunError((error as Error).message, this.closing ? 503 : error instanceof HandlerUnreachable ? 502 : 403);
    }
    run.results.set(caseId, result);
    run.resentAt.set(caseId, new Date().toISOString());
    this.update(run, result);
    const graded = run.view.results.find((r) => r.id === caseId)!;
    return seesRequestsOf(run.view, caller) ? graded : resultWithoutSignatures(graded);
  }

  /** Keeps a finished run (again: its results as they are now), the newest first. */
  keep(runId: string): CheckRunSummary {
    const run = this.current?.view.id === runId ? this.current.view : this.kept.find((r) => r.id === runId);
    if (!run) throw new CheckRunError(`no check run ${runId}`, 404);
    if (run.state === 'running') throw new CheckRunError('the run is still running: keep it once it has finished', 409);
    const others = this.kept.filter((r) => r.id !== runId);
    if (others.length >= keptRunLimit) throw new CheckRunError(`${keptRunLimit} runs are kept already: drop one first`, 409);
    const kept = { ...this.copy(run), keptAt: new Date().toISOString() };
    if (this.current?.view.id === runId) this.current.view.keptAt = kept.keptAt;
    this.save([kept, ...others]);
    this.deps.publish({ runId, result: null, summary: summaryOf(kept) });
    return summaryOf(kept);
  }

  drop(runId: string): { kept: CheckRunSummary[] } {
    const dropped = this.kept.find((r) => r.id === runId);
    if (!dropped) throw new CheckRunError(`no kept check run ${runId}`, 404);
    this.save(this.kept.filter((r) => r.id !== runId));
    if (this.current?.view.id === runId) this.current.view.keptAt = null;
    this.deps.publish({ runId, result: null, summary: { ...summaryOf(dropped), keptAt: null } });
    return { kept: this.kept.map(summaryOf) };
  }

  /** Stops the run at the case being sent (its send is aborted by the sender's close) and waits for it. */
  async close(): Promise<void> {
    this.closing = true;
    await this.busy;
  }

  /** The core's sender for this target, refusing to send once the core is closing: the run stops there. */
  private target(url: URL, allowSelfSigned: boolean): CheckTarget {
    const target = this.deps.target(url, allowSelfSigned);
    return {
      ...target,
      url,
      allowSelfSigned,
      send: (out) => (this.closing ? Promise.reject(new Error('the inspector is closing')) : target.send(out)),
    };
  }

  /**
   * The secret a run signs with: the one its starter gave, else the one in force. On a team server the one in force
   * signs an admin's run only: anyone else choosing a stored body would read it signed with the team's secret.
   */
  private secretFor(given: string | undefined, caller: CallContext): string {
    if (given !== undefined) return given;
    if (this.deps.team && !seesWholeDigests(caller)) {
      throw new CheckRunError(
        "give the secret your handler verifies with: on a team server the team's signing secret signs an admin's run only",
        400,
      );
    }
    const secret = this.deps.secret();
    if (secret === null) throw new CheckRunError('no signing secret is set: set the one your handler verifies with in Settings → Signing secret (or serve --secret), or give it to this run', 409);
    return secret;
  }

  private refuseWhileBusy(): void {
    if (this.busy !== null) throw new CheckRunError('a handler check is already running: wait for it to finish', 409);
  }

  private save(kept: CheckRunView[]): void {
    this.kept = kept;
    this.deps.settings.write(settingsKey, kept);
  }

  /** Sums the run up again after `result` was graded, and tells the UI. */
  private update(run: CurrentRun, result: CaseResult): void {
    const results = [...run.results.values()];
    const summary = summarizeResults(results);
    // While it runs, the order graded; once finished, the report's order (security failures first).
    const listed = run.view.state === 'running' ? run.order.flatMap((id) => run.results.get(id) ?? []) : summary.results;
    run.view.results = listed.map((r) => caseResultView(r, this.deps.bodyCapBytes, run.resentAt.get(r.id) ?? null));
    run.view.counts = summary.counts;
    run.view.latency = summary.latency;
    run.view.causes = summary.causes;
    this.deps.publish({ runId: run.view.id, result: run.view.results.find((r) => r.id === result.id)!, summary: summaryOf(run.view) });
  }

  private finish(run: CurrentRun, error: string | null): void {
    run.view.state = error === null ? 'finished' : 'failed';
    run.view.error = error;
    run.view.finishedAt = new Date().toISOString();
    const summary = summarizeResults([...run.results.values()]);
    run.view.results = summary.results.map((r) => caseResultView(r, this.deps.bodyCapBytes, run.resentAt.get(r.id) ?? null));
    run.view.causes = summary.causes;
    if (error !== null) this.deps.logger.warn(`check: the run against ${run.view.target} stopped (${error})`);
    this.deps.publish({ runId: run.view.id, result: null, summary: summaryOf(run.view) });
  }

  private copy(view: CheckRunView): CheckRunView {
    return { ...view, results: [...view.results], causes: [...view.causes] };
  }
}
