import type { CallHandlers } from '../../../shared/contract';
import { curlCommand } from './curl';
import { fixturesRequest } from './fixtures-request';
import { defaultFixturesFolder, exportFixtures } from './fixtures-export';
import { harChunks } from './har';
import { receiverOriginOf } from './receiver-origin';
import { selectDeliveries, storedDelivery } from './selection';
import { refuseServerPathsOnTeam, type TransferDeps } from './transfer-deps';

class NotFound extends Error {
  readonly status = 404;
}

/** The calls `export.*`: they read the store (a team server offers the fixtures folder as a download instead). */
export function exportCalls(deps: TransferDeps) {
  return {
    'export.fixtures': async ({ outDir, ...options }) => {
      refuseServerPathsOnTeam(deps);
      return exportFixtures(deps.store, { ...fixturesRequest(deps, options), outDir: outDir ?? defaultFixturesFolder(deps.dataDir) });
    },
    'export.har': async ({ selection }) => {
      const { deliveries } = await selectDeliveries(deps.store, selection);
      const chunks: string[] = [];
      for await (const chunk of harChunks(deliveries(), receiverOriginOf(deps.receiverUrls()), deps.version)) chunks.push(chunk);
      return { har: chunks.join('') };
    },
    'export.curl': async ({ deliveryId, url }) => {
      const delivery = await storedDelivery(deps.store, deliveryId);
      if (!delivery) throw new NotFound(`no delivery ${deliveryId}`);
      const target = url ?? `${receiverOriginOf(deps.receiverUrls())(delivery)}${delivery.path}${delivery.query ? `?${delivery.query}` : ''}`;
      return { command: curlCommand(delivery, target) };
    },
  } satisfies Pick<CallHandlers, 'export.fixtures' | 'export.har' | 'export.curl'>;
}
