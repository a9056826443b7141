import { randomUUID } from 'node:crypto';
import type { CallHandlers } from '../../../shared/contract';
import type { TransferProgress } from '../../../shared/fixtures';
import { importPath } from '../import/import-path';
import type { DeliveryRecord } from '../store/delivery-record';
import type { InspectorStore } from '../store/inspector-store';
import { curlCommand } from './curl';
import { defaultFixturesFolder, exportFixtures } from './fixtures-export';
import { harChunks } from './har';
import type { ProgressListener } from './progress';
import { receiverOriginOf, type ReceiverUrls } from './receiver-origin';
import { loadOrCreateRedactionKey } from './redaction-key';
import { selectDeliveries, storedDelivery } from './selection';

export interface TransferDeps {
  store: InspectorStore;
  dataDir: string;
  version: string;
  secret: () => string | null;
  /** Stores one delivery through the core's writer (resolves once committed). */
  storeDelivery: (record: DeliveryRecord) => Promise<number>;
  receiverUrls: () => ReceiverUrls;
  publishProgress: (progress: TransferProgress) => void;
}

class BadRequest extends Error {
  readonly status = 400;
}

class NotFound extends Error {
  readonly status = 404;
}

function progressEvents(deps: TransferDeps, kind: TransferProgress['kind']): ProgressListener {
  const jobId = randomUUID();
  return (progress) => deps.publishProgress({ jobId, kind, ...progress });
}

/** The calls `export.*` and `import.path`: exports read the store; imports go through the core's writer. */
export function transferCalls(deps: TransferDeps) {
  return {
    'export.fixtures': async ({ selection, testSecret, redact, keepSignatures, outDir }) => {
      if (testSecret !== undefined && testSecret === deps.secret()) {
        throw new BadRequest('the test secret must differ from the signing secret: the real one never goes into fixtures');
      }
      return exportFixtures(deps.store, {
        scope: selection,
        outDir: outDir ?? defaultFixturesFolder(deps.dataDir),
        testSecret: testSecret ?? null,
        redact,
        keepSignatures,
        redactionKey: () => loadOrCreateRedactionKey(deps.dataDir),
        onProgress: progressEvents(deps, 'export'),
      });
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
    'import.path': ({ path }) =>
      importPath(path, {
        // Queued in one turn: the receiver's group commit takes the chunk as one batch.
        storeChunk: (records) => Promise.all(records.map(deps.storeDelivery)),
        secret: deps.secret,
        onProgress: progressEvents(deps, 'import'),
      }),
  } satisfies Pick<CallHandlers, 'export.fixtures' | 'export.har' | 'export.curl' | 'import.path'>;
}
