import { existsSync, statSync } from 'node:fs';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { indexQuery } from '../src/main/core/store/body-search';
import { bodyContainsParams, bodyContainsSql } from '../src/main/core/store/deliveries';
import { listDeliveries } from '../src/main/core/store/delivery-views';
import { deliveryIdEvidenceOf, listDuplicateGroups } from '../src/main/core/store/duplicate-views';
import { getOrder, lifecycleFacets, listLifecycles, listOrders } from '../src/main/core/store/lifecycle-views';
import { lifecycleQueries } from '../src/main/core/store/lifecycles';
import { openStore, type Db } from '../src/main/core/store/open';
import { median, time, type Figure, type TimingOptions } from './stats';

/** The store's size accepted over the raw bytes it holds (issue 18 §3: retention, not a smaller store, keeps it in bounds). */
const acceptedStoreRatio = 3;

/** DESIGN.md 7, measured on this machine. */
const newest50Baseline = 0.12;

export interface MeasureInput {
  file: string;
  rawBytes: number;
  runs: number;
}

/** One table or index as dbstat sees it: bytes of pages, of record payload, and left unused in its pages. */
export interface ObjectSize {
  name: string;
  bytes: number;
  payload: number;
  unused: number;
}

export interface PlanNote {
  metric: string;
  sql: string;
  plan: string[];
}

export interface MeasureOutput {
  figures: Figure[];
  plans: PlanNote[];
  sizes: { storeBytes: number; rawBytes: number; byObject: ObjectSize[] };
  counts: Record<string, number>;
  mix: { forms: Record<string, number>; signatures: Record<string, number> };
}

function ms(samples: number[]): Pick<Figure, 'median' | 'min' | 'max' | 'runs'> {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: samples.length };
}

function plan(db: Db, sql: string, params: unknown[]): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
}

function scalar<T>(db: Db, sql: string, ...params: unknown[]): T {
  return (db.prepare(sql).get(...params) as { v: T }).v;
}

export function measure(input: MeasureInput): MeasureOutput {
  const figures: Figure[] = [];
  const plans: PlanNote[] = [];
  const fast: TimingOptions = { runs: input.runs, budgetMs: 20_000, minRuns: 5 };
  const slow: TimingOptions = { runs: Math.min(input.runs, 7), budgetMs: 60_000, minRuns: 3 };
  const timed = (metric: string, goal: number | null, fn: (run: number) => unknown, extra: Partial<Figure> = {}, options = fast) => {
    const figure: Figure = { metric, unit: 'ms', ...ms(time(fn, options)), goal, baseline: null, ...extra };
    figures.push(figure);
    process.stderr.write(`  ${metric}: median ${figure.median.toFixed(2)} ms\n`);
    return figure;
  };

  // Opening the store and showing the first page, as the core does on start (one sample: it happens once).
  const openStart = process.hrtime.bigint();
  const db = openStore(input.file);
  listDeliveries(db, { filter: {}, limit: 200 });
  const openMs = Number(process.hrtime.bigint() - openStart) / 1e6;
  figures.push({
    metric: 'open store + first page of 200 (once)',
    unit: 'ms',
    median: openMs,
    min: openMs,
    max: openMs,
    runs: 1,
    goal: null,
    baseline: null,
    note: 'core share of "first rows within 1.5 s of start"; page cache warm',
  });

  // Inputs drawn from the store (untimed).
  const counts = {
    deliveries: scalar<number>(db, 'SELECT max(id) AS v FROM deliveries'),
    lifecycles: scalar<number>(db, 'SELECT count(*) AS v FROM lifecycles'),
    duplicateGroups: scalar<number>(db, 'SELECT count(*) AS v FROM duplicate_groups WHERE count > 1'),
    orders: scalar<number>(db, 'SELECT count(DISTINCT order_uuid) AS v FROM lifecycles'),
  };
  const random = new SeededRandom(42);
  // Lifecycles of random deliveries (the table has no rowid to draw from).
  const sampled = Array.from({ length: 64 }, () =>
    db
      .prepare('SELECT lifecycle_key AS key, order_uuid AS orderUuid FROM deliveries WHERE id >= ? AND lifecycle_key IS NOT NULL LIMIT 1')
      .get(random.int(1, counts.deliveries)),
  ) as Array<{ key: string; orderUuid: string | null }>;
  const keys = sampled.map((s) => s.key);
  const orders = sampled.flatMap((s) => (s.orderUuid ? [s.orderUuid] : []));
  const pick = <T>(items: T[], run: number) => items[(run + items.length) % items.length]!;
  const largestOrder = db
    .prepare('SELECT order_uuid AS uuid, count(*) AS n FROM lifecycles WHERE order_uuid IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1')
    .get() as { uuid: string; n: number };
  const largestLifecycle = db.prepare('SELECT key, delivery_count AS n FROM lifecycles ORDER BY delivery_count DESC LIMIT 1').get() as {
    key: string;
    n: number;
  };
  const statuses = db
    .prepare('SELECT current_status AS status, count(*) AS n FROM lifecycles WHERE current_status IS NOT NULL GROUP BY 1 ORDER BY 2 DESC')
    .all() as Array<{ status: string; n: number }>;
  const commonStatus = statuses[0]!;
  const rareStatus = statuses[statuses.length - 1]!;
  const midId = Math.floor(counts.deliveries / 2);
  Object.assign(counts, { largestOrderLifecycles: largestOrder.n, largestLifecycleDeliveries: largestLifecycle.n });

  // A page of deliveries: the UI asks for 200.
  const page = 200;
  const deliveryPage = (metric: string, filter: Parameters<typeof listDeliveries>[1]['filter'], beforeId?: number) =>
    timed(metric, 20, () => listDeliveries(db, { filter, limit: page, ...(beforeId === undefined ? {} : { beforeId }) }));
  deliveryPage('deliveries page (200), no filter', {});
  deliveryPage('deliveries page, event = payout.terminal_state', { event: 'payout.terminal_state' });
  deliveryPage('deliveries page, same filter, older page (id < N/2)', { event: 'payout.terminal_state' }, midId);
  deliveryPage('deliveries page, event = recipient.wallet_verified (rare)', { event: 'recipient.wallet_verified' });
  deliveryPage('deliveries page, signature = invalid (rare)', { signature: 'invalid' });
  deliveryPage('deliveries page, signature = valid (common)', { signature: 'valid' });
  timed('newest 50 via listDeliveries', 20, () => listDeliveries(db, { filter: {}, limit: 50 }), { baseline: newest50Baseline });
  const newest = db.prepare(
    'SELECT id, received_at, method, path, event, signature, idempotency_key, subject FROM deliveries ORDER BY id DESC LIMIT 50',
  );
  timed('newest 50 rows by indexed id (bare SELECT)', null, () => newest.all(), {
    baseline: newest50Baseline,
    note: 'same shape as the DESIGN.md 7 baseline',
  });

  // Free text over bodies (store/body-search.ts): what is pasted or typed into the search box.
  const bodyField = (form: string, field: string) =>
    Array.from({ length: 64 }, () => {
      const text = db
        .prepare('SELECT CAST(body AS TEXT) AS v FROM deliveries WHERE id >= ? AND form = ? LIMIT 1')
        .pluck()
        .get(random.int(1, counts.deliveries), form) as string | undefined;
      return text === undefined ? undefined : new RegExp(`"${field}":"([^"]+)"`).exec(text)?.[1];
    }).filter((v): v is string => v !== undefined);
  const emails = bodyField('gift_cards', 'recipient_email');
  const txHashes = bodyField('crypto_form_a', 'tx_hash');
  const searches: Array<{ kind: string; text: (run: number) => string; scanned?: boolean }> = [
    { kind: 'order uuid', text: (run) => pick(orders, run) },
    { kind: 'recipient email', text: (run) => pick(emails, run) },
    { kind: 'word "failed"', text: () => 'failed' },
    { kind: 'fragment "xam"', text: () => 'xam' },
    { kind: 'tx hash, one word: long-run index', text: (run) => pick(txHashes, run) },
    { kind: '20 characters from inside a tx hash', text: (run) => pick(txHashes, run).slice(20, 40) },
    // A rare run under 16 characters, alone (an email's name part, e.g. fischer663): neither index can take it.
    { kind: 'rare word under 16 characters, alone: scanned', text: (run) => /\.([a-z]+\d+)@/.exec(pick(emails, run))?.[1] ?? 'zq', scanned: true },
  ];
  for (const search of searches) {
    const example = search.text(0);
    const answer = listDeliveries(db, { filter: { text: example }, limit: page });
    const { table, match } = indexQuery(example);
    const figure = timed(
      `free-text search (${search.kind}), page of 200`,
      // Such a search reaches the user streamed, newest first (issue 18 §5): its goal is the streamed search's first page.
      search.scanned ? null : 300,
      (run) => listDeliveries(db, { filter: { text: search.text(run) }, limit: page }),
      {
        note:
          `${match === null ? 'no index query: scan' : `${table} query ${match}`}; first input: ${answer.items.length} rows, ` +
          `total ${answer.total.toLocaleString('en')}${answer.totalCapped ? '+' : ''}`,
      },
      slow,
    );
    if (figure.median > 300) {
      const sql =
        match === null
          ? `SELECT id FROM deliveries WHERE ${bodyContainsSql} ORDER BY id DESC LIMIT ?`
          : `SELECT deliveries.id FROM ${table} CROSS JOIN deliveries ON deliveries.id = ${table}.rowid
             WHERE ${table} MATCH ? AND ${bodyContainsSql} ORDER BY ${table}.rowid DESC LIMIT ?`;
      plans.push({ metric: figure.metric, sql, plan: plan(db, sql, match === null ? [...bodyContainsParams(example), page] : [match, ...bodyContainsParams(example), page]) });
    }
  }

  // One lifecycle, as the lifecycles.get handler does it.
  timed('one lifecycle (load, random keys)', 10, (run) => lifecycleQueries(db).load(pick(keys, run)));
  timed(`one lifecycle, largest (${largestLifecycle.n} deliveries)`, 10, () => lifecycleQueries(db).load(largestLifecycle.key));

  // A page of the lifecycle list (100, as the duplicates list pages).
  const lifecyclePage = 100;
  timed('lifecycle list page (100)', 50, () => listLifecycles(db, {}, undefined, lifecyclePage));
  timed(`lifecycle list, status = ${commonStatus.status} (${commonStatus.n})`, 50, () =>
    listLifecycles(db, { status: commonStatus.status }, undefined, lifecyclePage),
  );
  timed(`lifecycle list, status = ${rareStatus.status} (${rareStatus.n})`, 50, () =>
    listLifecycles(db, { status: rareStatus.status }, undefined, lifecyclePage),
  );
  timed('lifecycle list, kind = gift_card_recipient', 50, () =>
    listLifecycles(db, { kind: 'gift_card_recipient' }, undefined, lifecyclePage),
  );

  // Duplicate groups, as the duplicates.list handler answers.
  const firstGroups = listDuplicateGroups(db, undefined, 100);
  const secondBefore = firstGroups.items[firstGroups.items.length - 1]?.lastId;
  timed('duplicate groups page (100) + evidence', 50, () => {
    listDuplicateGroups(db, undefined, 100);
    deliveryIdEvidenceOf(db);
  });
  timed('duplicate groups, second page + evidence', 50, () => {
    listDuplicateGroups(db, secondBefore, 100);
    deliveryIdEvidenceOf(db);
  });

  // Order summaries.
  timed('order summary (random orders)', 50, (run) => getOrder(db, pick(orders, run)));
  timed(`order summary, largest (${largestOrder.n} lifecycles)`, 50, () => getOrder(db, largestOrder.uuid));
  // What the Orders and Lifecycles views ask again as deliveries arrive, on the receiver's thread (no goal of their own).
  timed('orders list, the 500 newest (orders.list, as the Orders view asks)', null, () => listOrders(db, 500));
  timed('lifecycle filter menus (lifecycles.facets)', null, () => lifecycleFacets(db));

  // Plans of every miss besides free text.
  const byMetric = new Map(figures.map((f) => [f.metric, f]));
  const miss = (metric: string) => {
    const f = byMetric.get(metric);
    return f !== undefined && f.goal !== null && f.median > f.goal;
  };
  const explain = (metric: string, sql: string, params: unknown[]) => {
    if (miss(metric)) plans.push({ metric, sql, plan: plan(db, sql, params) });
  };
  const countSql = (where: string) => `SELECT count(*) AS n FROM deliveries WHERE ${where}`;
  explain('deliveries page (200), no filter', countSql('1'), []);
  explain('newest 50 via listDeliveries', countSql('1'), []);
  explain('deliveries page, event = payout.terminal_state', countSql('event = ?'), ['payout.terminal_state']);
  explain('deliveries page, signature = valid (common)', countSql('signature = ?'), ['valid']);
  explain('deliveries page, signature = invalid (rare)', countSql('signature = ?'), ['invalid']);
  const members = 'SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM deliveries WHERE lifecycle_key = ? ORDER BY id';
  explain('one lifecycle (load, random keys)', members, [keys[0]]);
  const groupsSql = 'SELECT idempotency_key AS key, last_id AS lastId FROM duplicate_groups WHERE count > 1 ORDER BY last_id DESC LIMIT 100';
  const evidenceSql =
    'SELECT count(*), sum(NOT delivery_id_changed AND NOT delivery_id_missing), sum(delivery_id_changed), sum(delivery_id_missing) FROM duplicate_groups WHERE count > 1';
  for (const sql of [groupsSql, 'SELECT count(*) AS n FROM duplicate_groups WHERE count > 1', evidenceSql]) {
    explain('duplicate groups page (100) + evidence', sql, []);
  }
  explain('order summary (random orders)', 'SELECT * FROM lifecycles WHERE order_uuid = ?', [orders[0]]);
  explain(`lifecycle list, status = ${commonStatus.status} (${commonStatus.n})`,
    'SELECT * FROM lifecycles WHERE current_status = ? ORDER BY last_delivery_id DESC LIMIT 100', [commonStatus.status]);

  const rss = process.memoryUsage().rss / 2 ** 20;
  const peak = process.resourceUsage().maxRSS / 1024;
  figures.push({ metric: 'core RSS after opening and the queries', unit: 'MB', median: rss, min: rss, max: rss, runs: 1, goal: 300, baseline: null });
  figures.push({ metric: 'peak RSS of the measuring process', unit: 'MB', median: peak, min: peak, max: peak, runs: 1, goal: 300, baseline: null });

  const storeBytes = [input.file, `${input.file}-wal`].filter(existsSync).reduce((sum, f) => sum + statSync(f).size, 0);
  const ratio = storeBytes / input.rawBytes;
  figures.push({
    metric: 'store size / raw bytes (body + headers)',
    unit: '×',
    median: ratio,
    min: ratio,
    max: ratio,
    runs: 1,
    goal: acceptedStoreRatio,
    baseline: null,
    note: `${(storeBytes / 2 ** 20).toFixed(0)} MiB for ${(input.rawBytes / 2 ** 20).toFixed(0)} MiB raw`,
  });

  // Where the bytes go (after the figures above, so it does not weigh on them).
  let byObject: ObjectSize[] = [];
  try {
    byObject = db
      .prepare('SELECT name, sum(pgsize) AS bytes, sum(payload) AS payload, sum(unused) AS unused FROM dbstat GROUP BY name ORDER BY 2 DESC')
      .all() as ObjectSize[];
  } catch {
    // dbstat is compiled into better-sqlite3's SQLite; without it the breakdown is left out.
  }
  for (const index of ['delivery_search', 'delivery_long_runs']) {
    const searchIndexBytes = byObject.filter((o) => o.name.startsWith(index)).reduce((sum, o) => sum + o.bytes, 0);
    if (searchIndexBytes === 0) continue;
    const bodyBytes = scalar<number>(db, 'SELECT sum(length(body)) AS v FROM deliveries');
    const size = searchIndexBytes / 2 ** 20;
    figures.push({
      metric: `body search index (${index}, all its tables)`,
      unit: 'MB',
      median: size,
      min: size,
      max: size,
      runs: 1,
      goal: null,
      baseline: null,
      note: `${((100 * searchIndexBytes) / bodyBytes).toFixed(1)} % of the ${(bodyBytes / 2 ** 20).toFixed(0)} MiB of bodies; ` +
        `${((100 * searchIndexBytes) / storeBytes).toFixed(1)} % of the store`,
    });
  }
  const tally = (column: string) =>
    Object.fromEntries(
      (db.prepare(`SELECT ${column} AS k, count(*) AS n FROM deliveries GROUP BY 1 ORDER BY 2 DESC`).all() as Array<{ k: string; n: number }>).map(
        (r) => [r.k, r.n],
      ),
    );
  const mix = { forms: tally('form'), signatures: tally('signature') };
  db.close();
  return { figures, plans, sizes: { storeBytes, rawBytes: input.rawBytes, byObject }, counts, mix };
}
