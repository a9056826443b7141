import type { Db } from '../db';

/** The lifecycle filter menu lists the finding codes in use: an index of the few lifecycles that have any. */
export function lifecyclesWithFindings(db: Db): void {
  db.exec(`CREATE INDEX lifecycles_with_findings ON lifecycles (last_delivery_id) WHERE finding_codes <> '[]';`);
}
