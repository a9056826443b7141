import type { CallHandlers, CoreStatus } from '../../../shared/contract';
import type { SourceManager } from './source-manager';

/** The calls `sources.*`: the relay pulled from, set or forgotten; each answers the status it leaves. */
export function sourceCalls(sources: SourceManager, status: () => CoreStatus) {
  return {
    'sources.set': async (settings) => {
      await sources.set(settings);
      return status();
    },
    'sources.clear': async () => {
      await sources.clear();
      return status();
    },
  } satisfies Pick<CallHandlers, 'sources.set' | 'sources.clear'>;
}
