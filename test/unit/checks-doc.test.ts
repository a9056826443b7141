import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingCatalog } from '../../src/main/core/analysis/findings/catalog';
import { checksEnd, checksPage, checksStart, findingRules } from '../../src/main/core/analysis/findings/catalog-doc';

const page = resolve(__dirname, '../../docs/checks.md');

describe('docs/checks.md', () => {
  it('gives every finding code of the catalog a rule and a spec section, and no other code', () => {
    expect(Object.keys(findingRules).sort()).toEqual(Object.keys(findingCatalog).sort());
    for (const [code, { rule, spec }] of Object.entries(findingRules)) {
      expect(rule.trim(), `${code}'s rule`).not.toBe('');
      expect(spec, `${code}'s spec section`).toMatch(/^(ours|\d(\.\d)?( rule \d)?(, \d(\.\d)?( rule \d)?)*)$/);
    }
  });

  it('says what the catalog says (UPDATE_DOCS=1 rewrites it after a code changed)', () => {
    const text = readFileSync(page, 'utf8');
    const start = text.indexOf(checksStart);
    const end = text.indexOf(checksEnd) + checksEnd.length;
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const written = checksPage();
    if (process.env.UPDATE_DOCS === '1') writeFileSync(page, text.slice(0, start) + written + text.slice(end));
    else expect(text.slice(start, end)).toBe(written);
  });
});
