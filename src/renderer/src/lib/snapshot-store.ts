import { Observable } from './observable';

/**
 * The base of a store whose state is one immutable snapshot, replaced by a new object on every change.
 * `subscribe` and `getSnapshot` are what React's useSyncExternalStore takes.
 */
export class SnapshotStore<S extends object> {
  private readonly state: Observable<S>;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => S;

  constructor(initial: S) {
    this.state = new Observable(initial);
    this.subscribe = this.state.subscribe;
    this.getSnapshot = this.state.get;
  }

  protected get snapshot(): S {
    return this.state.get();
  }

  /** Replaces these fields, and tells the subscribers. */
  protected update(change: Partial<S>): void {
    this.state.patch(change);
  }
}
