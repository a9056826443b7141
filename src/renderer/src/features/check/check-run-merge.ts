import { categoryTitles, CheckCategory, type CheckCaseResult, type CheckRunSummary, type CheckRunView, type CheckVerdict } from '../../../../shared/handler-check';

/** A run with a case graded (or graded again): the case replaced where it was, or added at the end. */
export function withResult(run: CheckRunView, result: CheckCaseResult, summary: CheckRunSummary): CheckRunView {
  const at = run.results.findIndex((r) => r.id === result.id);
  const results = at < 0 ? [...run.results, result] : run.results.map((r, i) => (i === at ? result : r));
  return { ...run, ...summary, results };
}

/** A run known only by the summary an event carried: nothing graded yet. */
export function runOf(summary: CheckRunSummary): CheckRunView {
  return { ...summary, results: [], causes: [] };
}

/** How far a run had got when it was read or told: finished beats running, then more cases graded, then a later re-send. */
function progress(run: CheckRunView): [number, number, string] {
  const lastResent = run.results.reduce((latest, r) => (r.resentAt !== null && r.resentAt > latest ? r.resentAt : latest), '');
  return [run.state === 'running' ? 0 : 1, run.results.length, lastResent];
}

function isBehind(read: CheckRunView, shown: CheckRunView): boolean {
  const [a, b] = [progress(read), progress(shown)];
  return a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
}

/**
 * The run as read, against the one shown when the answer landed: a read that predates what the events have
 * told since is not shown over it, and the cases graded meanwhile (events that came before the read answered) stay.
 */
export function mergeRead(read: CheckRunView, shown: CheckRunView | null | undefined): CheckRunView {
  if (!shown || shown.id !== read.id) return read;
  const behind = isBehind(read, shown);
  if (read.state !== 'running' || shown.state !== 'running') return behind ? shown : read;
  const { results: _results, causes: _causes, ...shownSummary } = shown;
  const extra = shown.results.filter((r) => !read.results.some((s) => s.id === r.id));
  return { ...read, ...(behind ? shownSummary : {}), results: [...read.results, ...extra] };
}

export interface CheckRunList {
  current: CheckRunSummary | null;
  kept: CheckRunSummary[];
}

/** The list as read, keeping as current a run started after the one it names (this page's, or one an event told of). */
export function listAsRead(read: CheckRunList, shown: CheckRunList | undefined): CheckRunList {
  const current = shown?.current;
  return current && (read.current === null || current.startedAt > read.current.startedAt) ? { ...read, current } : read;
}

export interface CaseGroup {
  category: CheckCategory;
  title: string;
  results: CheckCaseResult[];
}

const verdictRank: Record<CheckVerdict, number> = { 'security-failure': 0, fail: 1, pass: 2 };

/** The cases by category, the category with a security failure (then a failure) first; the run's order within each. */
export function groupedResults(results: readonly CheckCaseResult[]): CaseGroup[] {
  const groups = CheckCategory.options
    .map((category) => ({ category, title: categoryTitles[category], results: results.filter((r) => r.category === category) }))
    .filter((group) => group.results.length > 0);
  const worst = (group: CaseGroup) => Math.min(...group.results.map((r) => verdictRank[r.verdict]));
  return groups
    .map((group, i) => ({ group, i }))
    .sort((a, b) => worst(a.group) - worst(b.group) || a.i - b.i)
    .map(({ group }) => group);
}

/** Each case's verdict in the run compared with: by case id. */
export function verdictsThen(run: CheckRunView | null): ReadonlyMap<string, CheckVerdict> {
  return new Map((run?.results ?? []).map((r) => [r.id, r.verdict]));
}

export const verdictWords: Record<CheckVerdict, string> = { pass: 'pass', fail: 'fail', 'security-failure': 'security failure' };
