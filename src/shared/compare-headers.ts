import type { HeaderChange } from './compare';

type Pair = readonly [string, string];

interface Numbered {
  index: number;
  name: string;
  value: string;
  /** The lower-cased name and how many times it came before: the second `X-A` matches the second `x-a`. */
  id: string;
}

function numbered(headers: readonly Pair[]): Numbered[] {
  const seen = new Map<string, number>();
  return headers.map(([name, value], index) => {
    const lower = name.toLowerCase();
    const occurrence = (seen.get(lower) ?? 0) + 1;
    seen.set(lower, occurrence);
    return { index, name, value, id: `${occurrence}\u0000${lower}` };
  });
}

/** The positions (into `values`) of a longest strictly increasing subsequence. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < values[i]!) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let at = tails.length > 0 ? tails[tails.length - 1]! : -1; at !== -1; at = previous[at]!) kept.add(at);
  return kept;
}

const at = (entry: Numbered) => ({ index: entry.index, name: entry.name, value: entry.value });

/**
 * Two requests' headers as received, compared pair by pair: the same name (in any case) and occurrence matched,
 * then its value (`changed`), its case and its place among the matched ones (`moved`: not in a longest run kept in
 * order). Rows follow the right side's order; a header only on the left comes after the header it followed there.
 */
export function compareHeaders(leftHeaders: readonly Pair[], rightHeaders: readonly Pair[]): { equal: boolean; rows: HeaderChange[] } {
  const left = numbered(leftHeaders);
  const right = numbered(rightHeaders);
  const rightById = new Map(right.map((entry) => [entry.id, entry]));
  const matched = left.filter((entry) => rightById.has(entry.id));
  const inOrder = longestIncreasing(matched.map((entry) => rightById.get(entry.id)!.index));
  const movedIds = new Set(matched.filter((_, i) => !inOrder.has(i)).map((entry) => entry.id));
  const leftById = new Map(left.map((entry) => [entry.id, entry]));

  // A header only on the left goes after the row of the last matched header before it on the left.
  const removedAfter = new Map<number, HeaderChange[]>();
  let lastMatchedRight = -1;
  for (const entry of left) {
    const partner = rightById.get(entry.id);
    if (partner) {
      lastMatchedRight = partner.index;
      continue;
    }
    const rows = removedAfter.get(lastMatchedRight) ?? [];
    rows.push({ kind: 'removed', left: at(entry), right: null, caseChanged: false, moved: false });
    removedAfter.set(lastMatchedRight, rows);
  }

  const rows: HeaderChange[] = [...(removedAfter.get(-1) ?? [])];
  for (const entry of right) {
    const partner = leftById.get(entry.id);
    if (!partner) {
      rows.push({ kind: 'added', left: null, right: at(entry), caseChanged: false, moved: false });
    } else {
      rows.push({
        kind: partner.value === entry.value ? 'same' : 'changed',
        left: at(partner),
        right: at(entry),
        caseChanged: partner.name !== entry.name,
        moved: movedIds.has(entry.id),
      });
    }
    rows.push(...(removedAfter.get(entry.index) ?? []));
  }
  const equal = rows.every((row) => row.kind === 'same' && !row.caseChanged && !row.moved);
  return { equal, rows };
}
