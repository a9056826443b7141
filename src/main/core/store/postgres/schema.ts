import type pg from 'pg';
import { runMigrations, sqlStep, type MigrationStep, type PgSchema } from '@webhook-inspector/pg-migrations';
import { storeErrorOf } from './errors';
import { searchTextFunctionSql } from './search-text';

/**
 * The inspector's schema on PostgreSQL, one function per version (the SQLite store's tables, docs/STORE.md,
 * with PostgreSQL's types: flags stay 0/1 so both engines' rows read the same). Several inspectors may start
 * on one database at once: @webhook-inspector/pg-migrations runs them under an advisory lock, each version in a
 * transaction, and refuses a database from a newer inspector.
 */
/**
 * The lexemes of `search_words` made from a stored row's `search_text` (the body as text, ASCII letters lowered): the
 * words cut to 256 characters, `_` and each trigram at every third position of the runs of 16 or more, null past
 * 512 KiB (4 bytes a lexeme besides its own), as postgres/search-words.ts makes them from the body
 * (test/integration/search-words.test.ts compares the two). Part of migration 13: never edited.
 */
export const searchWordsOfStoredSql = `(
  WITH runs AS (SELECT run FROM regexp_split_to_table(search_text, '[^a-z0-9]+') AS run WHERE run <> ''),
  lexemes AS (
    SELECT left(run, 256) AS lexeme FROM runs
    UNION
    SELECT '_' || substr(run, at, 3) FROM runs, generate_series(1, length(run) - 2, 3) AS at WHERE length(run) >= 16)
  SELECT CASE WHEN coalesce(sum(length(lexeme) + 4), 0) <= 524288
    THEN array_to_tsvector(coalesce(array_agg(lexeme), '{}')) END FROM lexemes)`;

const migrations: readonly MigrationStep[] = [
  sqlStep('0001-initial', `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE deliveries (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        received_at BIGINT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        query TEXT NOT NULL,
        headers TEXT NOT NULL,
        body BYTEA NOT NULL,
        body_sha256 TEXT NOT NULL,
        body_truncated SMALLINT NOT NULL,
        remote_address TEXT,
        tls SMALLINT NOT NULL,
        imported SMALLINT NOT NULL DEFAULT 0,
        source TEXT,
        source_id TEXT,
        response_status INTEGER NOT NULL,
        response_body TEXT NOT NULL,
        response_reason TEXT NOT NULL,
        form TEXT NOT NULL,
        event TEXT,
        payout_type TEXT,
        delivery_id TEXT,
        signature TEXT NOT NULL,
        signature_check TEXT NOT NULL,
        idempotency_key TEXT,
        subject TEXT,
        event_time TEXT,
        findings TEXT NOT NULL,
        error_count INTEGER NOT NULL,
        warning_count INTEGER NOT NULL,
        info_count INTEGER NOT NULL,
        lifecycle_key TEXT,
        lifecycle_kind TEXT,
        order_uuid TEXT,
        recipient_key TEXT,
        event_status TEXT,
        -- The body's bytes as text for the free-text search (search-text.ts): ASCII letters lowered, one
        -- character per byte, so that containment here is containment in the raw body.
        search_text TEXT NOT NULL
      );
      CREATE INDEX deliveries_by_received ON deliveries (received_at, id);
      CREATE INDEX deliveries_by_event_received ON deliveries (event, received_at, id);
      CREATE INDEX deliveries_by_form_received ON deliveries (form, received_at, id);
      CREATE INDEX deliveries_by_signature_received ON deliveries (signature, received_at, id);
      CREATE INDEX deliveries_by_path_received ON deliveries (path, received_at, id);
      CREATE INDEX deliveries_by_key ON deliveries (idempotency_key, id) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX deliveries_by_identical_bytes ON deliveries (body_sha256, id) WHERE idempotency_key IS NULL;
      CREATE INDEX deliveries_by_lifecycle ON deliveries (lifecycle_key, id) WHERE lifecycle_key IS NOT NULL;
      CREATE INDEX deliveries_by_source ON deliveries (source, source_id) WHERE source IS NOT NULL;
      CREATE INDEX deliveries_search ON deliveries USING gin (search_text gin_trgm_ops);

      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      -- Counts kept in step with the rows (deliveries), and the derived results' watermark (derived_through).
      CREATE TABLE store_counts (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
      INSERT INTO store_counts (name, value) VALUES ('deliveries', 0), ('derived_through', 0);

      CREATE TABLE lifecycles (
        key TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        order_uuid TEXT,
        recipient_key TEXT,
        recipient_email TEXT,
        current_status TEXT,
        terminal SMALLINT NOT NULL,
        reordered SMALLINT NOT NULL,
        event_count INTEGER NOT NULL,
        delivery_count INTEGER NOT NULL,
        first_event_time TEXT,
        last_event_time TEXT,
        error_count INTEGER NOT NULL,
        warning_count INTEGER NOT NULL,
        info_count INTEGER NOT NULL,
        finding_codes TEXT NOT NULL,
        last_delivery_id BIGINT NOT NULL
      );
      CREATE INDEX lifecycles_by_recent ON lifecycles (last_delivery_id);
      CREATE INDEX lifecycles_by_order ON lifecycles (order_uuid, recipient_key) WHERE order_uuid IS NOT NULL;
      CREATE INDEX lifecycles_by_status ON lifecycles (current_status, last_delivery_id);

      CREATE TABLE duplicate_groups (
        idempotency_key TEXT PRIMARY KEY,
        basis TEXT NOT NULL CHECK (basis IN ('idempotency_key', 'identical_bytes')),
        count INTEGER NOT NULL,
        first_id BIGINT NOT NULL,
        last_id BIGINT NOT NULL,
        first_received_at BIGINT NOT NULL,
        last_received_at BIGINT NOT NULL,
        first_body_sha256 TEXT NOT NULL,
        identical_bodies SMALLINT NOT NULL,
        first_delivery_id TEXT,
        delivery_id_changed SMALLINT NOT NULL,
        delivery_id_missing SMALLINT NOT NULL
      );
      CREATE INDEX duplicate_groups_by_recent ON duplicate_groups (last_id) WHERE count > 1;
      CREATE INDEX duplicate_groups_evidence ON duplicate_groups (delivery_id_changed, delivery_id_missing, count) WHERE count > 1;

      CREATE TABLE replays (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        delivery_id BIGINT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('replay', 'forward')),
        batch_id TEXT,
        started_at BIGINT NOT NULL,
        url TEXT NOT NULL,
        signing_mode TEXT NOT NULL CHECK (signing_mode IN ('keep', 'resign', 'wrong')),
        request_method TEXT NOT NULL,
        request_headers TEXT NOT NULL,
        request_body_sha256 TEXT NOT NULL,
        request_body_size INTEGER NOT NULL,
        response_status INTEGER,
        response_headers TEXT,
        response_body BYTEA,
        response_body_truncated SMALLINT,
        error TEXT,
        duration_ms INTEGER NOT NULL
      );
      CREATE INDEX replays_by_delivery ON replays (delivery_id, id);
    `),
  // Retention (the SQLite store's migration 0014): the bytes stored (bodies and headers), kept by the writer with
  // the count, and what pruning removed.
  sqlStep('0002-retention', `
      INSERT INTO store_counts (name, value)
        SELECT 'stored_bytes', coalesce(sum(octet_length(body) + octet_length(headers)), 0) FROM deliveries;
      INSERT INTO store_counts (name, value) VALUES ('pruned', 0), ('pruned_at', 0);
    `),
  // A team's shared inspector (serve --team): its users, each with a token stored only as a hash, and who sent a replay.
  sqlStep('0003-team-users', `
      CREATE TABLE inspector_users (
        name TEXT PRIMARY KEY,
        token_sha256 BYTEA NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        revoked_at TIMESTAMPTZ
      );
      ALTER TABLE replays ADD COLUMN sent_by TEXT;
    `),
  // The SQLite store's schema 15: each lifecycle's events' first deliveries (JSON), to grow it from.
  sqlStep('0004-lifecycle-event-first-ids', 'ALTER TABLE lifecycles ADD COLUMN event_first_ids TEXT'),
  // Roles and the audit log of a team server. Users from before roles become members, not admins: every token
  // was an administrator in effect, which is what roles end; the operator names the admins (`serve user role`).
  sqlStep('0005-roles-and-audit-log', `
      ALTER TABLE inspector_users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('viewer', 'member', 'admin'));
      CREATE TABLE audit_log (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT,
        details TEXT NOT NULL,
        status INTEGER NOT NULL,
        outcome TEXT NOT NULL
      );
    `),
  // The SQLite store's schema 17: each lifecycle's events' facts (JSON) in place of their first deliveries, to grow it from.
  sqlStep('0006-lifecycle-event-facts', 'ALTER TABLE lifecycles ADD COLUMN event_facts TEXT; ALTER TABLE lifecycles DROP COLUMN event_first_ids'),
  // The SQLite store's schema 19 keeps its deliveries' keys in a table of their own, which the statements both
  // engines share read (common/duplicate-grouping.ts): here the same names over deliveries, on its own indexes.
  sqlStep('0007-delivery-keys-view', `
      CREATE VIEW delivery_keys AS
        SELECT id AS row_id, idempotency_key AS idempotency, lifecycle_key AS lifecycle FROM deliveries;
    `),
  // A team server's audit log, bounded: an entry's details are cut to a size (details_cut says what the whole was),
  // and its retention removes the entries older than a number of days, which the index on `at` finds.
  sqlStep('0008-audit-log-bounded', `
      ALTER TABLE audit_log ADD COLUMN details_cut TEXT;
      CREATE INDEX audit_log_at ON audit_log (at);
    `),
  // The SQLite store's schema 20: a replay edited before sending is marked so and keeps the exact bytes it sent.
  sqlStep('0009-edited-replays', `
      ALTER TABLE replays ADD COLUMN edited SMALLINT NOT NULL DEFAULT 0 CHECK (edited IN (0, 1));
      ALTER TABLE replays ADD COLUMN request_body BYTEA;
    `),
  // The SQLite store's schema 21: reconcile's records, when the inspector, its receivers and its relay source ran, and
  // each run kept (docs/reconcile.md).
  sqlStep('0010-reconcile', `
      CREATE TABLE runtime_spans (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        component TEXT NOT NULL,
        detail TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL,
        stopped_at BIGINT,
        stop_reason TEXT
      );
      CREATE INDEX runtime_spans_by_stop ON runtime_spans (stopped_at);
      CREATE TABLE reconcile_runs (
        id TEXT PRIMARY KEY,
        started_at BIGINT NOT NULL,
        state TEXT NOT NULL,
        summary TEXT NOT NULL,
        report TEXT
      );
      CREATE INDEX reconcile_runs_by_start ON reconcile_runs (started_at);
    `),
  // What the SQLite store had and this one lacked (test/integration/store-schema-parity.test.ts): a delivery pulled
  // from a relay is stored once even when two pulls race past the check before insert (SQLite's 0013 index is
  // unique), and the lifecycle filter menu's index of the lifecycles with findings (SQLite's 0009).
  // A relay's delivery pulled twice by racing pulls (which the index this makes unique let through) keeps its row: the
  // later copy's source_id is marked, so no delivery is lost and the index can hold.
  sqlStep('0011-sqlite-parity', `
      UPDATE deliveries d SET source_id = d.source_id || '#copy-' || d.id
        WHERE d.source IS NOT NULL
          AND EXISTS (SELECT 1 FROM deliveries e WHERE e.source = d.source AND e.source_id = d.source_id AND e.id < d.id);
      DROP INDEX deliveries_by_source;
      CREATE UNIQUE INDEX deliveries_by_source ON deliveries (source, source_id) WHERE source IS NOT NULL;
      CREATE INDEX lifecycles_with_findings ON lifecycles (last_delivery_id) WHERE finding_codes <> '[]';
    `),
  // The SQLite store's schema 22: how long after a request had arrived the receiver answered it (null: not known).
  sqlStep('0012-answer-time', 'ALTER TABLE deliveries ADD COLUMN response_after_ms INTEGER'),
  // The free-text search's index: each body's words and long runs' trigrams (postgres/search-words.ts), as SQLite's
  // FTS5 tables hold them, in place of pg_trgm's index of every trigram of search_text, which cost each commit about
  // five times as much (docs/STORE-POSTGRES.md). The rows stored before get theirs from search_text here; a row
  // without (null: its lexemes too many) is always tested.
  sqlStep('0013-search-words', `
      ALTER TABLE deliveries ADD COLUMN search_words TSVECTOR;
      UPDATE deliveries SET search_words = ${searchWordsOfStoredSql};
      CREATE INDEX deliveries_search_words ON deliveries USING gin (search_words);
      CREATE INDEX deliveries_unindexed_words ON deliveries (id) WHERE search_words IS NULL;
      DROP INDEX deliveries_search;
    `),
  // The search index off the commit, as SQLite's FTS5 tables: each body's words in a table of their own, filled by the
  // derivation in pauses (postgres/search-index.ts) up to `search_indexed_through`; the rows stored since are tested
  // body by body. A commit no longer writes the body a second time as text, nor the words' index: the search text is
  // made from the body when a search tests it (search-text.ts).
  sqlStep('0014-search-words-apart', `
      ${searchTextFunctionSql};
      CREATE TABLE delivery_search_words (
        id BIGINT PRIMARY KEY REFERENCES deliveries (id) ON DELETE CASCADE,
        search_words TSVECTOR
      );
      INSERT INTO delivery_search_words (id, search_words) SELECT id, search_words FROM deliveries ORDER BY id;
      CREATE INDEX delivery_search_words_gin ON delivery_search_words USING gin (search_words);
      CREATE INDEX delivery_search_words_unindexed ON delivery_search_words (id) WHERE search_words IS NULL;
      INSERT INTO store_counts (name, value) SELECT 'search_indexed_through', coalesce(max(id), 0) FROM deliveries;
      ALTER TABLE deliveries DROP COLUMN search_words, DROP COLUMN search_text;
    `),
  // A batch of deliveries commits without waiting for its flush; a statement on this row, committed with the flush
  // waited for, then makes every earlier commit durable before the senders are answered (delivery-writer.ts).
  sqlStep('0015-wal-flushes', "INSERT INTO store_counts (name, value) VALUES ('wal_flushes', 0)"),
];

export const pgSchemaVersion = migrations.length;

export const inspectorSchema: PgSchema = {
  versionTable: 'inspector_schema',
  // The same table as the SQLite store's: each applied migration's hash, checked at every open.
  migrationsTable: 'schema_migrations',
  lockKey: 0x1a5ec7, // any constant shared by every inspector process
  steps: migrations,
  newerThanKnown: (current, known) => `The store was written by a newer Webhook Inspector (schema ${current}; this one knows ${known}).`,
};

export async function migrateInspectorSchema(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, inspectorSchema).catch((error: unknown) => {
    throw storeErrorOf(error);
  });
}
