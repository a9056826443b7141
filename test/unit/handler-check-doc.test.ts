import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
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
