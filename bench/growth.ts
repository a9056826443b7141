/**
 * Growth benchmark (issue 18 §2): what deriving a retry storm's copies costs as its duplicate group and lifecycle
 * grow. One signed gift-card delivery of the generated traffic is stored again and again through the receiver's
 * record and insert, 32 per transaction, each batch then derived (duplicate groups, lifecycle summaries) as the
 * receiver's step does; the derivation alone is timed, per delivery, over windows at growing sizes. It must not
 * grow with the copies already there: the last window may cost at most twice the first.
 *
 * Then the same on the generated mix (unique events of many lifecycles, some copies): deriving and the body search
 * index, each per delivery, with the parsed bodies at hand as the store's writer keeps them.
 *
 *   BENCH_GROWTH_COPIES=32000     # copies stored in all
 *   BENCH_GROWTH_MIX=16000        # deliveries of the mix
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeliveryRecord } from '../src/main/core/delivery-record/build-record';
import { deliveryQueries } from '../src/main/core/store/sqlite/deliveries';
import { RecentParsedBodies } from '../src/main/core/store/common/recent-parsed-bodies';
import { derivedTables } from '../test/support/derived-tables';
import { openStore } from '../src/main/core/store/sqlite/open';
import { generateDeliveries, type GeneratedDelivery } from './generate';
import { cacheDir, positiveInt } from './scale';

const perBatch = 32;
/** Deliveries per timed window (a multiple of the batch). */
const window = 64 * perBatch;
const maxGrowth = 2;

function stormDelivery() {
  for (const { raw } of generateDeliveries(2_000)) {
    if (raw.method === 'POST' && Buffer.from(raw.body).toString('utf8').includes('"gift_cards"')) return raw;
  }
  throw new Error('the generated traffic holds no gift-card event');
}

export async function runGrowth(): Promise<string[]> {
  const copies = Math.max(3 * window, positiveInt('BENCH_GROWTH_COPIES', 32_000));
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(join(cacheDir, 'growth-'));
  const db = openStore(join(dir, 'inspector.sqlite3'));
  try {
    const raw = stormDelivery();
    const deliveries = deliveryQueries(db);
    const derived = derivedTables(db);
    const storeBatch = db.transaction(() => {
      for (let i = 0; i < perBatch; i++) {
        deliveries.insert(
          buildDeliveryRecord(
            { method: 'POST', path: raw.path, query: '', headers: raw.headers, body: raw.body, bodyTruncated: false },
            { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
            null,
            () => ({ status: 200, body: '{}', reason: 'bench' }),
          ),
        );
      }
    });
    // Windows at the start, in the middle and at the end of the storm.
    const last = Math.floor(copies / perBatch) * perBatch - window;
    const starts = [0, Math.floor(last / 2 / perBatch) * perBatch, last];
    const windows: Array<{ from: number; usPerDelivery: number }> = [];
    let timedMs = 0;
    for (let stored = 0; stored < copies; stored += perBatch) {
      storeBatch();
      const started = process.hrtime.bigint();
      derived.catchUpAll();
      timedMs += Number(process.hrtime.bigint() - started) / 1e6;
      const from = stored + perBatch - window;
      if (starts.includes(from)) windows.push({ from, usPerDelivery: (timedMs * 1000) / window });
      if (starts.includes(stored + perBatch)) timedMs = 0;
    }
    const lifecycle = db.prepare('SELECT delivery_count AS deliveries, event_count AS events FROM lifecycles').get();
    const group = db.prepare('SELECT count FROM duplicate_groups').pluck().get();
    console.log(`Growth: ${copies.toLocaleString('en')} copies of one ${raw.body.byteLength} B gift-card delivery, ${perBatch} per derived batch`);
    for (const w of windows) {
      console.log(`  copies ${w.from.toLocaleString('en')}–${(w.from + window).toLocaleString('en')}: derived ${w.usPerDelivery.toFixed(1)} µs per delivery`);
    }
    console.log(`  lifecycle ${JSON.stringify(lifecycle)}, duplicate group of ${group} copies`);
    const growth = windows.at(-1)!.usPerDelivery / windows[0]!.usPerDelivery;
    const failed = growth > maxGrowth ? [`derived cost per copy grew ${growth.toFixed(1)}× over the storm (at most ${maxGrowth}×)`] : [];
    console.log(failed.length ? `Growth, missed: ${failed[0]}` : `Growth: the last window cost ${growth.toFixed(2)}× the first (at most ${maxGrowth}×).`);
    mixedDerivation(dir);
    return failed;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Deriving and indexing the generated mix, timed apart, per delivery. */
function mixedDerivation(dir: string): void {
  const count = positiveInt('BENCH_GROWTH_MIX', 16_000);
  const db = openStore(join(dir, 'mix.sqlite3'));
  try {
    const deliveries = deliveryQueries(db);
    const parsedBodies = new RecentParsedBodies();
    const derived = derivedTables(db, { parsedBodies });
    const storeBatch = db.transaction((raws: GeneratedDelivery[]) => {
      for (const { raw } of raws) {
        const record = buildDeliveryRecord(
          { method: raw.method, path: raw.path, query: '', headers: raw.headers, body: raw.body, bodyTruncated: false },
          { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
          null,
          () => ({ status: 200, body: '{}', reason: 'bench' }),
        );
        parsedBodies.rememberStored(deliveries.insert(record), record);
      }
    });
    const generated = [...generateDeliveries(count)];
    // CPU time, not wall time: on a shared machine it varies less.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    let deriveMs = 0;
    let indexMs = 0;
    for (let at = 0; at < generated.length; at += perBatch) {
      storeBatch(generated.slice(at, at + perBatch));
      const started = cpuMs();
      derived.catchUpAll();
      const derivedAt = cpuMs();
      derived.indexSearchAll();
      deriveMs += derivedAt - started;
      indexMs += cpuMs() - derivedAt;
    }
    const lifecycles = db.prepare('SELECT count(*) FROM lifecycles').pluck().get() as number;
    console.log(
      `Growth, mix: ${count.toLocaleString('en')} generated deliveries (${lifecycles.toLocaleString('en')} lifecycles), ${perBatch} per batch: ` +
        `derived ${((deriveMs * 1000) / count).toFixed(1)} µs, body search index ${((indexMs * 1000) / count).toFixed(1)} µs of CPU per delivery`,
    );
  } finally {
    db.close();
  }
}
