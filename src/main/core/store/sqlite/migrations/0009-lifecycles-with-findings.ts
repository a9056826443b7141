import { sqlMigration } from './migration';

/** The lifecycle filter menu lists the finding codes in use: an index of the few lifecycles that have any. */
export const lifecyclesWithFindings = sqlMigration('0009-lifecycles-with-findings', `CREATE INDEX lifecycles_with_findings ON lifecycles (last_delivery_id) WHERE finding_codes <> '[]';`);
