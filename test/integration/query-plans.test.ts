import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyContainsSql } from '../../src/main/core/store/common/delivery-columns';
import { summaryColumns, summaryOwnColumns } from '../../src/main/core/store/common/delivery-view-rows';
import { exportedDeliveryColumns, storedDeliveryColumns } from '../../src/main/core/store/common/stored-delivery';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { preparedStatements, queryPlan, readingDeliveries, storeAtVersion } from '../support/query-plans';
import { tempDataDir } from '../support/temp-dir';

/**
 * docs/store-query-plans.md: every statement the SQLite store runs over `deliveries`, with its `EXPLAIN QUERY PLAN`
 * before the filters' `(column, id)` indexes were dropped (schema 15, as the store then worded it) and now.
 * `UPDATE_QUERY_PLANS=1` writes the plans of today into it (keeping each statement's recorded "before").
 */
const docFile = new URL('../../docs/store-query-plans.md', import.meta.url);
const beforeVersion = 15;

interface Entry {
  sql: string;
  before: string;
  after: string;
}

/** The long select lists and the body test, named as in the source, so that each statement reads in a line or two. */
const named: Array<[string, string]> = [
  ['${summaryColumns}', summaryColumns],
  ['${summaryOwnColumns}', summaryOwnColumns],
  ['${bodyContainsSql}', bodyContainsSql],
  ['${exportedDeliveryColumns}', exportedDeliveryColumns],
  ['${storedDeliveryColumns}', storedDeliveryColumns],
].map(([name, text]) => [name!, text!.replace(/\s+/g, ' ').trim()]);
const shortened = (sql: string) => named.reduce((text, [name, long]) => text.split(long).join(name), sql);

const heading = '<!-- Statements below: written by test/integration/query-plans.test.ts (UPDATE_QUERY_PLANS=1). -->';

function parseDoc(text: string): Entry[] {
  const [, body = ''] = text.split(heading);
  return body
    .split(/^### /m)
    .slice(1)
    .map((section) => {
      const blocks = [...section.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
      const same = section.includes('Same before and after');
      return { sql: blocks[0]!, before: blocks[1]!, after: same ? blocks[1]! : blocks[2]! };
    });
}

function renderDoc(intro: string, entries: Entry[]): string {
  const sections = entries.map(({ sql, before, after }, i) => {
    const plans =
      before === after
        ? `Same before and after:\n\n\`\`\`\n${after}\n\`\`\``
        : `Before (schema ${beforeVersion}):\n\n\`\`\`\n${before}\n\`\`\`\n\nAfter (schema ${migrations.length}):\n\n\`\`\`\n${after}\n\`\`\``;
    return `### ${i + 1}\n\n\`\`\`sql\n${sql}\n\`\`\`\n\n${plans}\n`;
  });
  return `${intro}${heading}\n\n${sections.join('\n')}`;
}

/** The steps of a plan that read every row of deliveries, or sort what they read. */
function costlySteps(plan: string) {
  const lines = plan.split('\n');
  return {
    fullScans: lines.filter((line) => /^\s*SCAN (deliveries|d|d2|delivery_keys|k|p)$/.test(line)).length,
    sorts: lines.filter((line) => line.includes('USE TEMP B-TREE')).length,
  };
}

/** The statement as the store worded it at schema 15: 0016 walks the text search's newest rows by the primary key. */
const asBefore = (sql: string) => sql.replaceAll(' NOT INDEXED', '');

describe("the SQLite store's statements over deliveries (docs/store-query-plans.md)", () => {
  const db = storeAtVersion(join(tempDataDir(), 'inspector.sqlite3'));
  afterAll(() => db.close());

  it('use an index wherever they did before 0016, and plan as the doc says', async () => {
    const statements = readingDeliveries(await preparedStatements(db));
    expect(statements.length).toBeGreaterThan(60);
    const text = readFileSync(docFile, 'utf8');
    const recorded = new Map(parseDoc(text).map((entry) => [entry.sql, entry]));
    const live = statements.map((sql) => ({ sql: shortened(sql), after: queryPlan(db, sql) }));

    if (process.env.UPDATE_QUERY_PLANS) {
      const entries = live.map(({ sql, after }) => {
        const before = recorded.get(sql)?.before ?? recorded.get(asBefore(sql))?.before ?? after;
        return { sql, before, after };
      });
      writeFileSync(docFile, renderDoc(text.split(heading)[0]!, entries));
      return;
    }

    for (const { sql, after } of live) {
      const entry = recorded.get(sql);
      expect(entry, `docs/store-query-plans.md lacks\n${sql}\nplanned as\n${after}`).toBeDefined();
      expect(after, sql).toBe(entry!.after);
      const [now, then] = [costlySteps(after), costlySteps(entry!.before)];
      expect(now.fullScans, `a new full scan:\n${sql}`).toBeLessThanOrEqual(then.fullScans);
      expect(now.sorts, `a new sort:\n${sql}`).toBeLessThanOrEqual(then.sorts);
    }
    expect([...recorded.keys()].filter((sql) => !live.some((l) => l.sql === sql)), 'statements the store no longer runs').toEqual([]);
  });

  it('never name an index 0016 dropped, or one 0018 moved to delivery_filters', () => {
    const text = readFileSync(docFile, 'utf8');
    for (const { after } of parseDoc(text)) expect(after).not.toMatch(/deliveries_by_(event|form|signature|path)\b/);
  });
});
