import { sqlMigration } from './migration';

/**
 * Deliveries without an idempotency key (spec 6 rule 4's fields missing or not strings) are grouped by their
 * body's SHA-256 when their bytes repeat: `basis` says which, and for `identical_bytes` the group's
 * `idempotency_key` holds the hash (a real key always holds a `|`, a hash never does). The groups of rows
 * already derived are built here, as deriving them one by one would have.
 */
// e3b0…b855 is the SHA-256 of an empty body: requests without a body are not copies of one another.
export const identicalBytesGroups = sqlMigration('0011-identical-bytes-groups', `
    ALTER TABLE duplicate_groups ADD COLUMN basis TEXT NOT NULL DEFAULT 'idempotency_key'
      CHECK (basis IN ('idempotency_key', 'identical_bytes'));
    CREATE INDEX deliveries_by_identical_bytes ON deliveries (body_sha256, id) WHERE idempotency_key IS NULL;

    WITH through AS (SELECT value AS id FROM store_counts WHERE name = 'derived_through'),
    repeated AS (
      SELECT body_sha256, count(*) AS n, min(id) AS first_id, max(id) AS last_id, max(delivery_id IS NULL) AS missing
      FROM deliveries
      WHERE idempotency_key IS NULL AND body_sha256 <> 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' AND id <= (SELECT id FROM through)
      GROUP BY body_sha256 HAVING count(*) > 1
    )
    INSERT INTO duplicate_groups (idempotency_key, basis, count, first_id, last_id, first_received_at, last_received_at,
      first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
    SELECT r.body_sha256, 'identical_bytes', r.n, r.first_id, r.last_id, f.received_at, l.received_at,
      r.body_sha256, 1, f.delivery_id,
      f.delivery_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM deliveries c
        WHERE c.idempotency_key IS NULL AND c.body_sha256 = r.body_sha256 AND c.id <= r.last_id
          AND c.delivery_id <> f.delivery_id),
      r.missing
    FROM repeated r JOIN deliveries f ON f.id = r.first_id JOIN deliveries l ON l.id = r.last_id;
  `);
