import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ApiPayoutView,
  HeardState,
  ReconcileChanges,
  ReconcileReason,
  ReconcileRow,
  ReconcileRun,
  RetryWindow,
  Unmatched,
  reasonKinds,
  reconcileClasses,
  reconcileTriggers,
} from '../../src/shared/reconcile';
import { documentedExample, documentedSections, undocumentedKeys } from '../support/reconcile-format';

const tables: Array<[string, z.ZodObject]> = [
  ['The run', ReconcileRun],
  ['A row', ReconcileRow],
  ["The API's record (`payout`)", ApiPayoutView],
  ['What was heard (`heard`)', HeardState],
  ['Where the retries stand (`retry`)', RetryWindow],
  ['A reason (`reasons[]`)', ReconcileReason],
  ['What could not be matched (`unmatched[]`)', Unmatched],
  ['What changed (`changes`)', ReconcileChanges],
];

describe('docs/formats/reconcile-json.md', () => {
  const sections = documentedSections();

  it.each(tables)('%s: the table names exactly the fields of its schema', (title, schema) => {
    const documented = sections.get(title);
    expect(documented, `a section "${title}"`).toBeDefined();
    expect([...documented!].sort()).toEqual(Object.keys(schema.shape).sort());
  });

  it('its example is a run as the schema reads it, every key documented, and nothing dropped by the schema', () => {
    const example = documentedExample();
    const parsed = ReconcileRun.parse(example);
    expect(parsed).toEqual(example);
    expect(undocumentedKeys(example)).toEqual([]);
  });

  it('names every class, reason kind, retry state and trigger the schemas allow', () => {
    const page = readFileSync(resolve(__dirname, '../../docs/formats/reconcile-json.md'), 'utf8');
    for (const value of [...reconcileClasses, ...reasonKinds, ...RetryWindow.shape.state.options, ...reconcileTriggers]) expect(page, value).toContain(`\`${value}\``);
  });
});
