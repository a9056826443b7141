import { z } from 'zod';
import { analyzerVersion } from './analysis/version';
import type { Logger } from './logger';
import type { InspectorStore } from './store/inspector-store';

export interface ReanalysisDeps {
  store: Pick<InspectorStore, 'reanalyze' | 'deliveryCount' | 'settings'>;
  /** The signing secret in force, read as each run starts. */
  secret: () => string | null;
  /** After each run: how many deliveries it analysed again. */
  reanalyzed: (count: number) => void;
  log: Logger;
}

/** The stored deliveries analysed again (their verdicts re-verified), one run at a time. */
export class Reanalysis {
  private running: Promise<number> = Promise.resolve(0);

  constructor(private readonly deps: ReanalysisDeps) {}

  /** Re-verifies every stored delivery (`rebuild`: its derived results too) after the run under way; resolves to how many. */
  run(rebuild = false): Promise<number> {
    // One re-analysis at a time; each one reads the secret in force when it starts.
    this.running = this.running.then(async () => {
      const count = await this.deps.store.reanalyze(this.deps.secret(), { rebuild });
      this.deps.reanalyzed(count);
      return count;
    });
    return this.running;
  }

  /** At start: deliveries stored by another version of the analyzer are analysed again, in the background. */
  catchUpWithAnalyzer(): void {
    const { store, log } = this.deps;
    if (store.settings.read('analyzerVersion', z.number()) === analyzerVersion) return;
    if (store.deliveryCount() === 0) store.settings.write('analyzerVersion', analyzerVersion);
    else {
      log.info('core: the analyzer changed since these deliveries were stored; re-analyzing them');
      void this.run(true).then(() => store.settings.write('analyzerVersion', analyzerVersion));
    }
  }

  /** Once the run under way has ended, however it ended. */
  async settled(): Promise<void> {
    await this.running.catch(() => 0);
  }
}
