import { describe, expect, it } from 'vitest';
import { Listeners } from '../../src/renderer/src/lib/listeners';
import { Observable } from '../../src/renderer/src/lib/observable';
import { SnapshotStore } from '../../src/renderer/src/lib/snapshot-store';

describe('Listeners', () => {
  it('calls each listener with the arguments until it is removed, even one removed while they are being called', () => {
    const listeners = new Listeners<[number]>();
    const heard: string[] = [];
    const removeFirst = listeners.add((n) => {
      heard.push(`first ${n}`);
      removeFirst();
    });
    listeners.add((n) => heard.push(`second ${n}`));
    listeners.notify(1);
    listeners.notify(2);
    expect(heard).toEqual(['first 1', 'second 1', 'second 2']);
  });
});

describe('Observable', () => {
  it('tells its subscribers of a new value, not of the value it holds already, and no longer once unsubscribed', () => {
    const refusal = new Observable<string | null>(null);
    let told = 0;
    const unsubscribe = refusal.subscribe(() => told++);
    refusal.set('revoked');
    refusal.set('revoked');
    expect([refusal.get(), told]).toEqual(['revoked', 1]);
    unsubscribe();
    refusal.set(null);
    expect([refusal.get(), told]).toEqual([null, 1]);
  });

  it('patches an object into a new one, so that a reader holding the old snapshot sees it unchanged', () => {
    const state = new Observable({ items: [1], error: null as string | null });
    const before = state.get();
    state.patch({ error: 'refused' });
    expect(before).toEqual({ items: [1], error: null });
    expect(state.get()).toEqual({ items: [1], error: 'refused' });
  });
});

describe('SnapshotStore', () => {
  class Counter extends SnapshotStore<{ count: number; label: string }> {
    constructor() {
      super({ count: 0, label: 'none' });
    }
    increment(): void {
      this.update({ count: this.snapshot.count + 1 });
    }
  }

  it('gives stable subscribe and getSnapshot functions, a new snapshot on each update, and tells its subscribers', () => {
    const store = new Counter();
    const { subscribe, getSnapshot } = store;
    const seen: number[] = [];
    subscribe(() => seen.push(getSnapshot().count));
    const first = getSnapshot();
    store.increment();
    store.increment();
    expect(seen).toEqual([1, 2]);
    expect(first).toEqual({ count: 0, label: 'none' });
    expect(getSnapshot()).toEqual({ count: 2, label: 'none' });
  });
});
