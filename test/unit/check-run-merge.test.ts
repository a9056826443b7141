import { describe, expect, it } from 'vitest';
import type { CheckCaseResult, CheckRunView, CheckVerdict } from '../../src/shared/handler-check';
import { groupedResults, listAsRead, mergeRead, withResult } from '../../src/renderer/src/features/check/check-run-merge';

const result = (id: string, verdict: CheckVerdict): CheckCaseResult => ({
  id,
  category: id.split('/')[0] as CheckCaseResult['category'],
  title: id,
  specSections: ['5.4'],
  expect: id.startsWith('rejects-forgeries/') ? 'reject' : 'acknowledge',
  verdict,
  reason: '',
  fix: null,
  cause: null,
  durationMs: 1,
  exchanges: [],
  resentAt: null,
});

const run = (results: CheckCaseResult[], state: CheckRunView['state'] = 'running'): CheckRunView => ({
  id: 'run-1',
  target: 'http://127.0.0.1:3000/hooks',
  allowSelfSigned: false,
  secretFingerprint: '01234567',
  startedBy: null,
  startedAt: '2026-03-02T09:00:00.000Z',
  finishedAt: null,
  state,
  error: null,
  total: 4,
  counts: { pass: 0, fail: 0, 'security-failure': 0 },
  latency: { count: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, slow: 0, slowMs: 1000 },
  keptAt: null,
  results,
  causes: [],
});

describe('the Check view’s run as it fills in', () => {
  it('lists the category with a security failure first, then one with a failure, each in the run’s order', () => {
    const groups = groupedResults([
      result('acknowledges/a', 'pass'),
      result('at-least-once/b', 'fail'),
      result('rejects-forgeries/c', 'pass'),
      result('rejects-forgeries/d', 'security-failure'),
    ]);
    expect(groups.map((g) => [g.category, g.results.map((r) => r.id)])).toEqual([
      ['rejects-forgeries', ['rejects-forgeries/c', 'rejects-forgeries/d']],
      ['at-least-once', ['at-least-once/b']],
      ['acknowledges', ['acknowledges/a']],
    ]);
  });

  it('replaces a case graded again where it was, and adds a new one at the end', () => {
    const shown = run([result('acknowledges/a', 'fail'), result('acknowledges/b', 'pass')]);
    const again = withResult(shown, result('acknowledges/a', 'pass'), shown);
    expect(again.results.map((r) => [r.id, r.verdict])).toEqual([['acknowledges/a', 'pass'], ['acknowledges/b', 'pass']]);
    expect(withResult(shown, result('acknowledges/c', 'pass'), shown).results.map((r) => r.id)).toEqual(['acknowledges/a', 'acknowledges/b', 'acknowledges/c']);
  });

  it('keeps the cases events brought before a read of the running run answered; a finished read is whole', () => {
    const shown = run([result('acknowledges/a', 'pass'), result('acknowledges/b', 'pass')]);
    expect(mergeRead(run([result('acknowledges/a', 'pass')]), shown).results.map((r) => r.id)).toEqual(['acknowledges/a', 'acknowledges/b']);
    expect(mergeRead(run([result('acknowledges/a', 'pass')], 'finished'), shown).results.map((r) => r.id)).toEqual(['acknowledges/a']);
  });

  it('never shows a read that predates what the events told since over it', () => {
    const told = run([result('acknowledges/a', 'pass'), result('acknowledges/b', 'fail')], 'finished');
    // A read of the run still running, answered after the event that it finished.
    expect(mergeRead(run([result('acknowledges/a', 'pass')]), told)).toBe(told);
    // A read from before a case was sent again, answered after the re-send's answer.
    const resent = { ...told, results: [result('acknowledges/a', 'pass'), { ...result('acknowledges/b', 'pass'), resentAt: '2026-03-02T09:05:00.000Z' }] };
    expect(mergeRead(told, resent)).toBe(resent);
    expect(mergeRead(resent, told)).toBe(resent);
  });

  it('takes the counts of the events when they are ahead of a read of the running run', () => {
    const shown = { ...run([result('acknowledges/a', 'pass'), result('acknowledges/b', 'pass')]), counts: { pass: 2, fail: 0, 'security-failure': 0 } };
    const read = { ...run([result('acknowledges/a', 'pass')]), counts: { pass: 1, fail: 0, 'security-failure': 0 } };
    expect(mergeRead(read, shown).counts).toEqual(shown.counts);
  });
});

describe('the Check view’s list of runs', () => {
  const summary = (id: string, startedAt: string) => ({ ...run([]), id, startedAt, results: undefined, causes: undefined });
  it('keeps as current a run started after the one a late read names', () => {
    const started = summary('run-2', '2026-03-02T10:00:00.000Z');
    const read = { current: summary('run-1', '2026-03-02T09:00:00.000Z'), kept: [] };
    expect(listAsRead(read, { current: started, kept: [] }).current).toBe(started);
    expect(listAsRead({ current: started, kept: [] }, read).current).toBe(started);
    expect(listAsRead(read, undefined)).toBe(read);
  });
});

