import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerCheckBattery } from '../../src/main/core/handler-check/battery';
import { casesEnd, casesPage, casesStart } from '../../src/main/core/handler-check/battery-doc';

const page = resolve(__dirname, '../../docs/handler-check.md');

describe('docs/handler-check.md', () => {
  it('lists every case of the battery (UPDATE_DOCS=1 rewrites it after a case changed)', () => {
    const text = readFileSync(page, 'utf8');
    const start = text.indexOf(casesStart);
    const end = text.indexOf(casesEnd) + casesEnd.length;
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const written = casesPage();
    if (process.env.UPDATE_DOCS === '1') writeFileSync(page, text.slice(0, start) + written + text.slice(end));
    else expect(text.slice(start, end)).toBe(written);
  });
});

describe("docs/handler-check.md's spec, rule by rule", () => {
  it('names every case of the battery, and no case that is not one', () => {
    const text = readFileSync(page, 'utf8');
    const start = text.indexOf('## The spec, rule by rule');
    expect(start).toBeGreaterThanOrEqual(0);
    const section = text.slice(start, text.indexOf('\n## ', start + 1));
    const ids = handlerCheckBattery({ secret: 'documentation' }).map((c) => c.id);
    const named = new Set([...section.matchAll(/`((?:rejects-forgeries|acknowledges|ignores-unknown|at-least-once|awkward-payloads)\/[a-z0-9-]+)`/g)].map((m) => m[1]!));
    const shortNames = new Set([...section.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!));
    // A case is named whole, by its name in a row of its category, or as one of every case of its category (`acknowledges/`).
    const categories = new Set([...section.matchAll(/`([a-z-]+\/)`/g)].map((m) => m[1]!));
    for (const id of ids) expect(named.has(id) || shortNames.has(id.split('/')[1]!) || categories.has(`${id.split('/')[0]}/`), `${id} in the rule table`).toBe(true);
    for (const id of named) expect(ids, `${id} is a case`).toContain(id);
  });
});
