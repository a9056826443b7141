import { describe, expect, it } from 'vitest';
import { emptyRoute, formatRoute, parseRoute } from '../../src/renderer/src/lib/route';

describe('the Reconcile view’s route', () => {
  it('holds the run and the class shown, so that a link or a reload opens the same rows', () => {
    expect(emptyRoute('reconcile')).toEqual({ view: 'reconcile', runId: null, klass: null });
    expect(formatRoute({ view: 'reconcile', runId: null, klass: null })).toBe('#/reconcile');
    expect(formatRoute({ view: 'reconcile', runId: null, klass: 'behind' })).toBe('#/reconcile?class=behind');
    expect(formatRoute({ view: 'reconcile', runId: 'r1', klass: 'never_heard' })).toBe('#/reconcile/r1?class=never_heard');
    expect(parseRoute('#/reconcile/r1?class=never_heard')).toEqual({ view: 'reconcile', runId: 'r1', klass: 'never_heard' });
    expect(parseRoute('#/reconcile?class=behind')).toEqual({ view: 'reconcile', runId: null, klass: 'behind' });
    // A class that is not one shows them all.
    expect(parseRoute('#/reconcile?class=nonsense')).toEqual({ view: 'reconcile', runId: null, klass: null });
  });
});
