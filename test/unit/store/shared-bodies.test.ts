import { describe, expect, it } from 'vitest';
import { insertBodyIndex } from '../../../src/main/core/store/sqlite/deliveries';
import { SharedBodyRing, withSharedBodies } from '../../../src/main/core/store/sqlite/writer-thread/shared-bodies';
import type { WriterItem } from '../../../src/main/core/store/sqlite/writer-handlers';

/** A posted row holding only a body (at its column), and the body the thread reads back from what was posted. */
const rowWith = (body: unknown): WriterItem => {
  const row: unknown[] = [];
  row[insertBodyIndex] = body;
  return { row };
};
const bodyOf = (item: WriterItem) => ('row' in item ? item.row[insertBodyIndex] : undefined);
const sharedAt = (item: WriterItem) => (bodyOf(item) as { sharedAt?: number }).sharedAt;
const bytes = (length: number, fill: number) => Buffer.alloc(length, fill);

describe('bodies handed to the writer thread through shared memory', () => {
  it('reads back every body byte for byte, leaves the caller’s row alone, and passes empty bodies and records as they are', () => {
    const ring = new SharedBodyRing(64);
    const body = Buffer.from('{"event":"payout.paid"}');
    const given = rowWith(body);
    const record = { raw: { body } } as unknown as WriterItem;
    const posted = ring.post(1, [given, rowWith(Buffer.alloc(0)), record]);
    expect(bodyOf(given)).toBe(body);
    expect(sharedAt(posted[0]!)).toBe(0);
    expect(posted[1]).toEqual(rowWith(Buffer.alloc(0)));
    expect(posted[2]).toBe(record);
    const read = withSharedBodies(ring.memory, structuredClone(posted));
    expect(Buffer.compare(bodyOf(read[0]!) as Buffer, body)).toBe(0);
  });

  it('gives a body in the message when the ring has no room for it, and takes room back in the order calls are answered', () => {
    const ring = new SharedBodyRing(100);
    const [a] = ring.post(1, [rowWith(bytes(40, 1))]);
    const [b] = ring.post(2, [rowWith(bytes(40, 2))]);
    const [full] = ring.post(3, [rowWith(bytes(30, 3))]);
    expect([sharedAt(a!), sharedAt(b!)]).toEqual([0, 40]);
    expect(Buffer.isBuffer(bodyOf(full!))).toBe(true);
    // Call 1 answered: its room, at the start, takes the next body (the ring wraps).
    ring.release(1);
    const [wrapped] = ring.post(4, [rowWith(bytes(30, 4))]);
    expect(sharedAt(wrapped!)).toBe(0);
    // Between the wrapped body and call 2's there are 10 bytes.
    expect(Buffer.isBuffer(bodyOf(ring.post(5, [rowWith(bytes(11, 5))])[0]!))).toBe(true);
    expect(sharedAt(ring.post(6, [rowWith(bytes(10, 6))])[0]!)).toBe(30);
    const read = withSharedBodies(ring.memory, structuredClone([b!, wrapped!]));
    expect(Buffer.compare(bodyOf(read[0]!) as Buffer, bytes(40, 2))).toBe(0);
    expect(Buffer.compare(bodyOf(read[1]!) as Buffer, bytes(30, 4))).toBe(0);
    // Everything answered, or the thread stopped: the whole ring is free again.
    ring.release(6);
    expect(sharedAt(ring.post(7, [rowWith(bytes(100, 7))])[0]!)).toBe(0);
    ring.clear();
    expect(sharedAt(ring.post(8, [rowWith(bytes(100, 8))])[0]!)).toBe(0);
    expect(Buffer.isBuffer(bodyOf(ring.post(9, [rowWith(bytes(101, 9))])[0]!))).toBe(true);
  });
});
