import { join } from 'node:path';
import { analyzerVersion } from '../../src/main/core/analysis/version';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { insertColumns } from '../../src/main/core/store/common/delivery-columns';
import { deliveryQueries } from '../../src/main/core/store/sqlite/deliveries';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { settingsQueries } from '../../src/main/core/store/sqlite/settings';
import { giftCardBody } from './deliveries';
import { tempDataDir } from './temp-dir';

const record = (body: Buffer) =>
  buildDeliveryRecord(
    { method: 'POST', path: '/webhooks', query: '', headers: [['Content-Type', 'application/json']], body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    null,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );

/**
 * A data dir whose SQLite store holds `count` copies of one gift card (copied by SQL: seconds, not minutes),
 * then one gift card to each of `newestEmails`; all analysed, derived and indexed, as a long-running store is.
 */
export function largeStoreDataDir(count: number, newestEmails: string[] = []): string {
  const dataDir = tempDataDir();
  const db = openStore(join(dataDir, 'inspector.sqlite3'));
  try {
    // A fixture, not a store to keep: no fsync, and its pages written once, not to the WAL and again at the
    // checkpoint (a third of the time on a quiet disk; more on one that other writers keep busy). WAL again below.
    db.pragma('synchronous = OFF');
    db.pragma('journal_mode = MEMORY');
    const columns = insertColumns.join(', ');
    const deliveries = deliveryQueries(db);
    deliveries.insert(record(giftCardBody({ recipient_email: 'someone@example.com' })));
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO deliveries (${columns}) SELECT ${columns} FROM deliveries, n WHERE deliveries.id = 1`,
    ).run(count);
    for (const email of newestEmails) deliveries.insert(record(giftCardBody({ recipient_email: email })));
    db.prepare("UPDATE store_counts SET value = (SELECT max(id) FROM deliveries) WHERE name IN ('derived_through', 'search_indexed_through')").run();
    // Analysed by this analyzer: a core that opens it does not analyse every delivery again.
    settingsQueries(db).write('analyzerVersion', analyzerVersion);
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  return dataDir;
}
