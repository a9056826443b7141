import { Listeners } from './listeners';

/**
 * A value that tells its listeners when it changes. `subscribe` and `get` are stable functions, as React's
 * useSyncExternalStore wants them (see hooks/useObservable.ts).
 */
export class Observable<T> {
  private readonly listeners = new Listeners();

  constructor(private value: T) {}

  readonly get = (): T => this.value;

  readonly subscribe = this.listeners.add;

  /** Takes `next` and tells the listeners, unless it is the value already held. */
  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    this.listeners.notify();
  }
}
