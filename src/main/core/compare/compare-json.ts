import { Decimal } from 'decimal.js';
import type { JsonChange } from '../../../shared/compare';
import { jsonPath } from '../analysis/json-access';
import { writtenJson, type OrderedJson, type OrderedMember } from './ordered-json';

/** The list stops here; the rest are counted. */
export const listedJsonChanges = 1_000;

type Step = string | number;

interface Collector {
  changes: JsonChange[];
  omitted: number;
}

/**
 * The differences between two JSON values, path by path: members matched by key and occurrence (a key written twice is
 * two members), array items by index, scalars by what is written (numbers by their exact text, strings by their
 * decoded value: an escape written differently is a difference of bytes, which the bytes show). An object whose
 * shared members are written in another order is `reordered`.
 */
export function compareJson(left: OrderedJson, right: OrderedJson): { changes: JsonChange[]; omitted: number } {
  const collector: Collector = { changes: [], omitted: 0 };
  compareAt(left, right, [], 1, collector);
  return collector;
}

function record(collector: Collector, change: JsonChange): void {
  if (collector.changes.length < listedJsonChanges) collector.changes.push(change);
  else collector.omitted++;
}

function change(kind: JsonChange['kind'], path: Step[], occurrence: number, left: OrderedJson | null, right: OrderedJson | null): JsonChange {
  return {
    kind,
    path: jsonPath(path),
    occurrence,
    left: left === null ? null : writtenJson(left),
    right: right === null ? null : writtenJson(right),
    leftType: left?.type ?? null,
    rightType: right?.type ?? null,
    sameNumber: left?.type === 'number' && right?.type === 'number' && sameNumber(left.text, right.text),
    leftOrder: null,
    rightOrder: null,
  };
}

function compareAt(left: OrderedJson, right: OrderedJson, path: Step[], occurrence: number, collector: Collector): void {
  if (left.type !== right.type) {
    record(collector, change('changed', path, occurrence, left, right));
    return;
  }
  switch (left.type) {
    case 'object':
      compareObjects(left.members, (right as typeof left).members, path, occurrence, collector);
      return;
    case 'array': {
      const rightItems = (right as typeof left).items;
      const shared = Math.min(left.items.length, rightItems.length);
      for (let i = 0; i < shared; i++) compareAt(left.items[i]!, rightItems[i]!, [...path, i], 1, collector);
      for (let i = shared; i < left.items.length; i++) record(collector, change('removed', [...path, i], 1, left.items[i]!, null));
      for (let i = shared; i < rightItems.length; i++) record(collector, change('added', [...path, i], 1, null, rightItems[i]!));
      return;
    }
    case 'number':
      if (left.text !== (right as typeof left).text) record(collector, change('changed', path, occurrence, left, right));
      return;
    case 'string':
    case 'boolean':
      if (left.value !== (right as typeof left).value) record(collector, change('changed', path, occurrence, left, right));
      return;
    case 'null':
      return;
  }
}

/** Each member with how many times its key was written before it in the same object (1 for the first). */
function numbered(members: OrderedMember[]): Array<{ member: OrderedMember; occurrence: number; id: string }> {
  const seen = new Map<string, number>();
  return members.map((member) => {
    const occurrence = (seen.get(member.key) ?? 0) + 1;
    seen.set(member.key, occurrence);
    return { member, occurrence, id: `${occurrence}\u0000${member.key}` };
  });
}

function compareObjects(left: OrderedMember[], right: OrderedMember[], path: Step[], occurrence: number, collector: Collector): void {
  const leftMembers = numbered(left);
  const rightMembers = numbered(right);
  const rightIndex = new Map(rightMembers.map((entry, index) => [entry.id, index]));
  const leftIds = new Set(leftMembers.map((entry) => entry.id));
  const matchedRightOrder: number[] = [];
  for (const entry of leftMembers) {
    const at = rightIndex.get(entry.id);
    if (at === undefined) continue;
    matchedRightOrder.push(at);
  }
  if (matchedRightOrder.some((at, i) => i > 0 && at < matchedRightOrder[i - 1]!)) {
    record(collector, {
      ...change('reordered', path, occurrence, null, null),
      leftOrder: leftMembers.filter((entry) => rightIndex.has(entry.id)).map((entry) => entry.member.key),
      rightOrder: rightMembers.filter((entry) => leftIds.has(entry.id)).map((entry) => entry.member.key),
    });
  }
  for (const entry of leftMembers) {
    const at = rightIndex.get(entry.id);
    const childPath = [...path, entry.member.key];
    if (at === undefined) record(collector, change('removed', childPath, entry.occurrence, entry.member.value, null));
    else compareAt(entry.member.value, rightMembers[at]!.member.value, childPath, entry.occurrence, collector);
  }
  for (const entry of rightMembers) {
    if (!leftIds.has(entry.id)) record(collector, change('added', [...path, entry.member.key], entry.occurrence, null, entry.member.value));
  }
}

/** Two number texts of the same value (`1.10` and `1.1`); false when either cannot be read as a decimal. */
function sameNumber(left: string, right: string): boolean {
  try {
    return new Decimal(left).equals(new Decimal(right));
  } catch {
    return false;
  }
}

/** Keys written more than once in one object, anywhere in the value: where, which, how many times. */
export function repeatedKeys(value: OrderedJson): Array<{ path: string; key: string; count: number }> {
  const found: Array<{ path: string; key: string; count: number }> = [];
  const visit = (node: OrderedJson, path: Step[]) => {
    if (node.type === 'array') node.items.forEach((item, i) => visit(item, [...path, i]));
    if (node.type !== 'object') return;
    const counts = new Map<string, number>();
    for (const member of node.members) counts.set(member.key, (counts.get(member.key) ?? 0) + 1);
    for (const [key, count] of counts) if (count > 1) found.push({ path: jsonPath([...path, key]), key, count });
    for (const member of node.members) visit(member.value, [...path, member.key]);
  };
  visit(value, []);
  return found;
}
