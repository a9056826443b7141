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
import type { Queryable } from './connect';
import { select } from './sql';

/** A duplicate group's count and facts, without reading every copy, as the SQLite store's (sqlite/group-reads.ts). */
export async function groupFacts(db: Queryable, grouping: DuplicateGrouping, self?: EndCopy): Promise<CountedGroupFacts> {
  const endCopy = async (order: 'ASC' | 'DESC') => (await select<EndCopy>(db, endCopySql(grouping.basis, order), [grouping.key]))[0];
  const first = (await endCopy('ASC')) ?? self;
  if (first === undefined) throw new Error(`duplicate group ${grouping.key} has no copy in this snapshot`);
  const [row] = await select<GroupRow>(db, groupRowSql, [grouping.key, grouping.basis]);
  const derived = derivedPart(first, row);
  const [later] = await select<LaterCopies>(db, laterCopiesSql(grouping.basis), laterCopiesParams(grouping, first, derived));
  return groupFactsOf(first, (await endCopy('DESC')) ?? first, derived, later!, self);
}

/** A duplicate group's first copies, as many as a view lists, in arrival order. */
export function groupFirstCopies(db: Queryable, grouping: DuplicateGrouping): Promise<CopyRow[]> {
  return select<CopyRow>(db, firstCopiesSql(grouping.basis), [grouping.key]);
}
