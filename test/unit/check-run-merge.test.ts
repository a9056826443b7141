import { describe, expect, it } from 'vitest';
import type { CheckCaseResult, CheckRunView, CheckVerdict } from '../../src/shared/handler-check';
import { groupedResults, mergeRead, withResult } from '../../src/renderer/src/features/check/check-run-merge';

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
});
