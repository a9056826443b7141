import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';
import { SnapshotStore } from '../../lib/snapshot-store';

export interface ForwardState {
  settings: ForwardSettings | null;
  /** Why they could not be read. */
  error: unknown;
}

/**
 * The live-forward settings, shared by the top bar's indicator and the Settings card.
 * No event announces a change, so the store is read at start and after a reconnect,
 * and takes what `forward.set` returns.
 */
class ForwardStore extends SnapshotStore<ForwardState> {
  constructor() {
    super({ settings: null, error: null });
  }

  async load(): Promise<void> {
    try {
      this.update({ settings: await call('forward.get', {}), error: null });
    } catch (error) {
      this.update({ error });
    }
  }

  replace(settings: ForwardSettings): void {
    this.update({ settings, error: null });
  }
}

export const forwardStore = new ForwardStore();
