import type { SessionInfo } from '../../../shared/contract';
import { call } from './client';

/** Who this UI is signed in as (session.get), shared by every view; read again after the stream reconnects. */
let current: SessionInfo | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function currentSession(): SessionInfo | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the session again (one read at a time); a failure keeps what was known, the calls then say why. */
export function reloadSession(): Promise<void> {
  loading ??= call('session.get', {})
    .then(
      (next) => {
        current = next;
        for (const listener of listeners) listener();
      },
      () => {},
    )
    .finally(() => (loading = null));
  return loading;
}
