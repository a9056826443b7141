import { useSyncExternalStore } from 'react';
import type { Observable } from '../lib/observable';

/** The observable's value, rendering again when it changes. */
export function useObservable<T>(observable: Observable<T>): T {
  return useSyncExternalStore(observable.subscribe, observable.get);
}
