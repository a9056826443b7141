import { derivationSteps, type DerivationOptions } from '../../src/main/core/store/sqlite/derived-tables';
import { deriveScheduler, type DeriveSchedulerOptions } from '../../src/main/core/store/sqlite/derive-scheduler';
import type { Db } from '../../src/main/core/store/sqlite/open';

/**
 * The derived tables of a bare connection that also runs their steps (tests and benchmarks of the derivation
 * itself; a store runs them through its writer): scheduled as a store schedules them, and callable at once.
 */
export function derivedTables(db: Db, options: DerivationOptions & DeriveSchedulerOptions = {}) {
  const steps = derivationSteps(db, options);
  const scheduler = deriveScheduler(steps, options);
  return {
    schedule: scheduler.schedule,
    catchUpForRead: scheduler.catchUpForRead,
    catchUpAll: steps.catchUpAll,
    indexSearchAll: steps.indexSearchAll,
    rebuild(): void {
      steps.clear();
      scheduler.schedule(0);
    },
    isCurrent: steps.isCurrent,
    failure: scheduler.failure,
    onFailureChange: scheduler.onFailureChange,
    steps,
  };
}
