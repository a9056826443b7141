import { describe, expect, it } from 'vitest';
import { Listeners } from '../../src/renderer/src/lib/listeners';
import { Observable } from '../../src/renderer/src/lib/observable';

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
});
