import type { DuplicateGrouping } from '../common/duplicate-grouping';
import {
  derivedPart,
  endCopySql,
  firstCopiesSql,
  groupFactsOf,
  groupRowSql,
  laterCopiesParams,
  laterCopiesSql,
  type CopyRow,
  type CountedGroupFacts,
  type EndCopy,
  type GroupRow,
  type LaterCopies,
} from '../common/duplicate-group-facts';
import type { Db } from './db';

/**
 * A duplicate group's count and facts, without reading every copy (duplicate-group-facts.ts). `self`: the delivery whose
 * detail is read, counted in its group even when the keys file does not show it yet (groupFactsOf).
 */
export function groupFacts(db: Db, grouping: DuplicateGrouping, self?: EndCopy): CountedGroupFacts {
  const endCopy = (order: 'ASC' | 'DESC') => db.prepare(endCopySql(grouping.basis, order)).get(grouping.key) as EndCopy | undefined;
  const first = endCopy('ASC') ?? self;
  if (first === undefined) throw new Error(`duplicate group ${grouping.key} has no copy in this snapshot`);
  const derived = derivedPart(first, db.prepare(groupRowSql).get(grouping.key, grouping.basis) as GroupRow | undefined);
  const later = db.prepare(laterCopiesSql(grouping.basis)).get(...laterCopiesParams(grouping, first, derived)) as LaterCopies;
  return groupFactsOf(first, endCopy('DESC') ?? first, derived, later, self);
}

/** A duplicate group's first copies, as many as a view lists, in arrival order. */
export function groupFirstCopies(db: Db, grouping: DuplicateGrouping): CopyRow[] {
  return db.prepare(firstCopiesSql(grouping.basis)).all(grouping.key) as CopyRow[];
}
