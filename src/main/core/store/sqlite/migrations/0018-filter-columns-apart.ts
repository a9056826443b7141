import { sqlMigration } from './migration';

/**
 * The filters' receive-time indexes move off `deliveries` into `delivery_filters`, one narrow row per delivery,
 * filled by the derivation's transactions (derived-tables.ts) rather than by each commit: a commit of one delivery
 * wrote a leaf of each of the four indexes, a third of its bytes (`BENCH_ONLY=storebytes`), where a step of many
 * deliveries writes each leaf once. A filtered list reads the table up to its last row and scans the few rows
 * stored since (delivery-views.ts). Triggers keep it what `deliveries` says when a re-analysis changes a verdict or
 * retention deletes a row.
 */
export const filterColumnsApart = sqlMigration('0018-filter-columns-apart', `
    CREATE TABLE delivery_filters (
      id INTEGER PRIMARY KEY,
      received_at INTEGER NOT NULL,
      event TEXT,
      form TEXT NOT NULL,
      signature TEXT NOT NULL,
      path TEXT NOT NULL
    ) STRICT;
    INSERT INTO delivery_filters SELECT id, received_at, event, form, signature, path FROM deliveries ORDER BY id;
    CREATE INDEX delivery_filters_by_event ON delivery_filters (event, received_at, id);
    CREATE INDEX delivery_filters_by_form ON delivery_filters (form, received_at, id);
    CREATE INDEX delivery_filters_by_signature ON delivery_filters (signature, received_at, id);
    CREATE INDEX delivery_filters_by_path ON delivery_filters (path, received_at, id);
    DROP INDEX deliveries_by_event_received;
    DROP INDEX deliveries_by_form_received;
    DROP INDEX deliveries_by_signature_received;
    DROP INDEX deliveries_by_path_received;
    CREATE TRIGGER delivery_filters_follow_updates AFTER UPDATE OF event, form, signature, path ON deliveries
    BEGIN
      UPDATE delivery_filters SET event = new.event, form = new.form, signature = new.signature, path = new.path
      WHERE id = new.id;
    END;
    CREATE TRIGGER delivery_filters_follow_deletes AFTER DELETE ON deliveries
    BEGIN
      DELETE FROM delivery_filters WHERE id = old.id;
    END;
  `);
