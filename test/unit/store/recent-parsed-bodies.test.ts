import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import { RecentParsedBodies } from '../../../src/main/core/store/common/recent-parsed-bodies';

/** A JSON body whose text is `length` characters long. */
const bodyOf = (length: number, n = 0) => {
  const head = `{"n":${n},"pad":"`;
  return parseBody(Buffer.from(`${head}${'x'.repeat(length - head.length - 2)}"}`));
};

describe('the parsed bodies kept for the lifecycles', () => {
  it('keeps the latest ones up to its count, letting the oldest go first', () => {
    const kept = new RecentParsedBodies(3);
    for (let id = 1; id <= 5; id++) kept.remember(id, bodyOf(100, id));
    expect([1, 2, 3, 4, 5].map((id) => kept.get(id) !== undefined)).toEqual([false, false, true, true, true]);
    expect(kept.size).toEqual({ bodies: 3, textChars: 300 });
  });

  it('lets the oldest go once their texts together pass its length, however few they are', () => {
    const kept = new RecentParsedBodies(100, 1_000);
    kept.remember(1, bodyOf(400, 1));
    kept.remember(2, bodyOf(400, 2));
    expect(kept.size).toEqual({ bodies: 2, textChars: 800 });
    // A third of 400 passes 1,000: the first goes.
    kept.remember(3, bodyOf(400, 3));
    expect(kept.get(1)).toBeUndefined();
    expect(kept.get(3)).toBeDefined();
    expect(kept.size).toEqual({ bodies: 2, textChars: 800 });
    // One longer than the whole allowance is not kept, nor does it keep the others.
    kept.remember(4, bodyOf(1_500, 4));
    expect(kept.size).toEqual({ bodies: 0, textChars: 0 });
    // Bodies without a text (empty ones) count for nothing.
    for (let id = 5; id < 55; id++) kept.remember(id, parseBody(Buffer.alloc(0)));
    expect(kept.size).toEqual({ bodies: 50, textChars: 0 });
  });

  it('counts a body remembered again under the same id once', () => {
    const kept = new RecentParsedBodies(10, 1_000);
    kept.remember(1, bodyOf(300, 1));
    kept.remember(1, bodyOf(500, 1));
    expect(kept.size).toEqual({ bodies: 1, textChars: 500 });
  });
});
