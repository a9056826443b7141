import type { SessionInfo } from '../../../shared/contract';
import { Observable } from '../lib/observable';
import { call } from './client';

/** Who this UI is signed in as (session.get), shared by every view; read again after the stream reconnects. */
export const sessionInfo = new Observable<SessionInfo | null>(null);
let loading: Promise<void> | null = null;

/** Reads the session again (one read at a time); a failure keeps what was known, the calls then say why. */
export function reloadSession(): Promise<void> {
  loading ??= call('session.get', {})
    .then(
      (next) => sessionInfo.set(next),
      () => {},
    )
    .finally(() => (loading = null));
  return loading;
}
