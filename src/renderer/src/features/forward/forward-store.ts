import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';

/**
 * The live-forward settings, shared by the top bar's indicator and the Settings card.
 * No event announces a change, so the store is read at start and after a reconnect,
 * and takes what `forward.set` returns.
 */
class ForwardStore {
  private settings: ForwardSettings | null = null;
  private failure: unknown = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = (): ForwardSettings | null => this.settings;
  readonly error = (): unknown => this.failure;

  async load(): Promise<void> {
    try {
      this.settings = await call('forward.get', {});
      this.failure = null;
    } catch (failure) {
      this.failure = failure;
    }
    this.emit();
  }

  replace(settings: ForwardSettings): void {
    this.settings = settings;
    this.failure = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const forwardStore = new ForwardStore();
