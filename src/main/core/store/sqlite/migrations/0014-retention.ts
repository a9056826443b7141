import { sqlMigration } from './migration';

/**
 * Retention: the bytes the deliveries hold (`stored_bytes`: body plus headers, what a size limit counts) kept
 * by the same triggers as their number, one UPDATE for both; and what pruning removed (`pruned`, `pruned_at`).
 */
export const retention = sqlMigration('0014-retention', `
    INSERT INTO store_counts (name, value)
      SELECT 'stored_bytes', coalesce(sum(length(body) + length(CAST(headers AS BLOB))), 0) FROM deliveries;
    INSERT INTO store_counts (name, value) VALUES ('pruned', 0), ('pruned_at', 0);
    DROP TRIGGER deliveries_counted_in;
    DROP TRIGGER deliveries_counted_out;
    CREATE TRIGGER deliveries_counted_in AFTER INSERT ON deliveries
      BEGIN UPDATE store_counts SET value = value + CASE name WHEN 'deliveries' THEN 1
        ELSE length(new.body) + length(CAST(new.headers AS BLOB)) END WHERE name IN ('deliveries', 'stored_bytes'); END;
    CREATE TRIGGER deliveries_counted_out AFTER DELETE ON deliveries
      BEGIN UPDATE store_counts SET value = value - CASE name WHEN 'deliveries' THEN 1
        ELSE length(old.body) + length(CAST(old.headers AS BLOB)) END WHERE name IN ('deliveries', 'stored_bytes'); END;
  `);
