import { insertBodyIndex } from '../deliveries';
import type { WriterCall } from '../writer-calls';
import type { WriterItem } from '../writer-handlers';

/**
 * Bodies handed to the writer thread through memory both threads share, instead of inside the message: a body
 * posted in a message is copied into a buffer of the thread's own, which lives until the thread's next garbage
 * collection; the thread allocates little else, so those copies pile up (tens of MiB during an import of large
 * bodies, issue 39's import memory). Here a body is copied into a ring of shared memory, read there by the thread
 * while it runs the call (SQLite copies what it binds), and its room taken back once the call is answered; calls
 * are answered in order, so the ring is freed in the order it was filled. A body that does not fit goes in the
 * message, as before.
 */
export const sharedBodyBytes = 4 * 1024 * 1024;

/** The writes whose first argument is rows (WriterItem[]): their bodies go through the ring. */
export const carriesBodies = (call: string): call is Extract<WriterCall, 'insert' | 'bulkStore'> => call === 'insert' || call === 'bulkStore';

/** Where a row's body is in the shared memory, in place of its bytes. */
interface SharedBody {
  sharedAt: number;
  length: number;
}

const isShared = (value: unknown): value is SharedBody => typeof value === 'object' && value !== null && 'sharedAt' in value;

/** The posting side: fills the ring and takes its room back as calls are answered. */
export class SharedBodyRing {
  readonly memory: SharedArrayBuffer;
  private readonly bytes: Uint8Array;
  /** The room each call under way holds, oldest first: [seq, start, end]. */
  private readonly held: Array<[number, number, number]> = [];

  constructor(size = sharedBodyBytes) {
    this.memory = new SharedArrayBuffer(size);
    this.bytes = new Uint8Array(this.memory);
  }

  /** Where `length` bytes fit after what is held, or null. */
  private room(length: number): number | null {
    const size = this.bytes.length;
    if (this.held.length === 0) return length <= size ? 0 : null;
    const first = this.held[0]![1];
    const last = this.held[this.held.length - 1]![2];
    if (last > first) {
      if (size - last >= length) return last;
      return first >= length ? 0 : null;
    }
    return first - last >= length ? last : null;
  }

  /** The items as posted for call `seq`: rows whose body fits are given with the body's place in the ring. */
  post(seq: number, items: WriterItem[]): WriterItem[] {
    return items.map((item) => {
      if (!('row' in item)) return item;
      const body = item.row[insertBodyIndex];
      if (!(body instanceof Uint8Array) || body.byteLength === 0) return item;
      const at = this.room(body.byteLength);
      if (at === null) return item;
      this.bytes.set(body, at);
      this.held.push([seq, at, at + body.byteLength]);
      const row = [...item.row];
      row[insertBodyIndex] = { sharedAt: at, length: body.byteLength } satisfies SharedBody;
      return { row };
    });
  }

  /** Call `seq` was answered (or failed): its room is free. */
  release(seq: number): void {
    while (this.held.length > 0 && this.held[0]![0] <= seq) this.held.shift();
  }

  /** The thread stopped: nothing is held any more. */
  clear(): void {
    this.held.length = 0;
  }
}

/** The thread's side: each row's body read in place from the shared memory (valid while the call runs). */
export function withSharedBodies(memory: SharedArrayBuffer, items: WriterItem[]): WriterItem[] {
  for (const item of items) {
    if (!('row' in item)) continue;
    const body = item.row[insertBodyIndex];
    if (isShared(body)) item.row[insertBodyIndex] = Buffer.from(memory, body.sharedAt, body.length);
  }
  return items;
}
