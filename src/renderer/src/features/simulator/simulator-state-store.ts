import type { SimulatorBehaviour, SimulatorState } from '../../../../shared/simulator';
import { call, isAbort } from '../../api/client';
import { SnapshotStore } from '../../lib/snapshot-store';

export interface SimulatorSnapshot {
  state: SimulatorState | null;
  /** Why the last load failed; the last good state stays shown meanwhile. */
  error: unknown;
}

/** `simulator.changed` can fire many times a second: load at most this often. */
const minIntervalMs = 300;

/**
 * The simulator's state, reloaded on request. At most one load is in flight and loads
 * start at least `minIntervalMs` apart; requests that come meanwhile fold into one more.
 */
export class SimulatorStateStore extends SnapshotStore<SimulatorSnapshot> {
  private inFlight: AbortController | null = null;
  private loadAgain = false;
  private lastStart = -Infinity;
  private timer: number | undefined;
  private active = false;

  constructor() {
    super({ state: null, error: null });
  }

  start(): void {
    this.active = true;
    this.request();
  }

  stop(): void {
    this.active = false;
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = null;
    this.loadAgain = false;
  }

  /** Load now, or as soon as the interval allows. */
  readonly request = (): void => {
    if (!this.active || this.timer !== undefined) return;
    if (this.inFlight) {
      this.loadAgain = true;
      return;
    }
    const wait = this.lastStart + minIntervalMs - performance.now();
    if (wait > 0) {
      this.timer = window.setTimeout(() => {
        this.timer = undefined;
        this.load();
      }, wait);
      return;
    }
    this.load();
  };

  /** Take the behaviour simulator.configure returned, without waiting for the next load. */
  replaceBehaviour(behaviour: SimulatorBehaviour): void {
    const { state } = this.snapshot;
    if (state?.running) this.update({ state: { ...state, behaviour } });
  }

  private load(): void {
    const controller = new AbortController();
    this.inFlight = controller;
    this.loadAgain = false;
    this.lastStart = performance.now();
    call('simulator.state', {}, { signal: controller.signal })
      .then(
        (state) => this.update({ state, error: null }),
        (error: unknown) => {
          if (!isAbort(error)) this.update({ error });
        },
      )
      .finally(() => {
        if (this.inFlight !== controller) return;
        this.inFlight = null;
        if (this.loadAgain) this.request();
      });
  }
}
