import { categoryTitles, CheckCategory, type CheckCaseResult, type CheckRunSummary, type CheckRunView, type CheckVerdict } from '../../../../shared/handler-check';

/** A run with a case graded (or graded again): the case replaced where it was, or added at the end. */
export function withResult(run: CheckRunView, result: CheckCaseResult, summary: CheckRunSummary): CheckRunView {
  const at = run.results.findIndex((r) => r.id === result.id);
  const results = at < 0 ? [...run.results, result] : run.results.map((r, i) => (i === at ? result : r));
  return { ...run, ...summary, results };
}

/** The run as read, with the cases graded since (events that came before the read answered). */
export function mergeRead(read: CheckRunView, shown: CheckRunView | null): CheckRunView {
  if (shown === null || shown.id !== read.id || read.state !== 'running') return read;
  const extra = shown.results.filter((r) => !read.results.some((s) => s.id === r.id));
  return { ...read, results: [...read.results, ...extra] };
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
