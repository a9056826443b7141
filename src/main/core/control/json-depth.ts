/** How deep a call's input may be nested: far more than any call's schema, far less than any stack. */
export const maxInputDepth = 64;

/**
 * Whether parsed JSON nests objects or lists deeper than `max` levels, found with a stack of its own (JSON.parse
 * takes any depth; a recursive walker, a schema or JSON.stringify further on would not).
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: next, depth } = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
