import { setTimeout as delay } from 'node:timers/promises';

/** Waits for a state the system reaches by itself: polls (bounded), never sleeps a fixed time for the result. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 45_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await delay(100);
  }
}
