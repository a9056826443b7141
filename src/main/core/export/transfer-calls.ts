import { randomUUID } from 'node:crypto';
import type { CallHandlers } from '../../../shared/contract';
import type { FixtureExportOptions, TransferProgress } from '../../../shared/fixtures';
import { importPath } from '../import/import-path';
import type { ImportTarget } from '../import/import-path';
import type { DeliveryRecord } from '../delivery-record/delivery-record';
import type { InspectorStore } from '../store/common/inspector-store';
import { curlCommand } from './curl';
import { defaultFixturesFolder, exportFixtures, type FixturesRequest } from './fixtures-export';
import { harChunks } from './har';
import type { ProgressListener } from './progress';
import { receiverOriginOf, type ReceiverUrls } from './receiver-origin';
import { loadOrCreateRedactionKey } from './redaction-key';
import { selectDeliveries, storedDelivery, type ExportScope } from './selection';

export interface TransferDeps {
  store: InspectorStore;
  dataDir: string;
  version: string;
  /** A team server: it neither reads nor writes files of its own for a user (exports are downloads, imports uploads). */
  team: boolean;
  secret: () => string | null;
  /** The receiver's body limit: every imported delivery is held to it. */
  bodyLimitBytes: number;
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

/** Said the same whatever the path (whether it exists is not the caller's to learn). */
class NoServerPaths extends Error {
  readonly status = 403;
}

export const noServerPathsMessage = 'a team server does not read or write its own files: download the export, or upload the file to import';

function progressEvents(deps: TransferDeps, kind: TransferProgress['kind']): ProgressListener {
  const jobId = randomUUID();
  return (progress) => deps.publishProgress({ jobId, kind, ...progress });
}

/**
 * A fixtures export of the core's store, to a folder or as a download. For whoever holds the signing secret (an admin,
 * a personal inspector's user) a test secret equal to it is refused, so that the real one never goes in by mistake.
 * Below admin on a team server it is not compared: the answer would tell whether a guess was the secret. A member's
 * test secret signs as given (one they gave, so nothing they did not know goes in).
 */
export function fixturesRequest(
  deps: TransferDeps,
  options: Omit<FixtureExportOptions, 'outDir' | 'selection'> & { selection: ExportScope },
  holdsSecret = true,
): FixturesRequest {
  const { selection, testSecret, redact, keepSignatures } = options;
  if (holdsSecret && testSecret !== undefined && testSecret === deps.secret()) {
    throw new BadRequest('the test secret must differ from the signing secret: the real one never goes into fixtures');
  }
  return {
    scope: selection,
    testSecret: testSecret ?? null,
    redact,
    keepSignatures,
    redactionKey: () => loadOrCreateRedactionKey(deps.dataDir),
    onProgress: progressEvents(deps, 'export'),
  };
}

/** Where an import stores what it reads: the core's writer, with the secret in force and `transfer.progress` events. */
export function importTarget(deps: TransferDeps): ImportTarget {
  return {
    // Queued in one turn: the receiver's group commit takes the chunk as one batch.
    storeChunk: (records) => Promise.all(records.map(deps.storeDelivery)),
    secret: deps.secret,
    bodyLimitBytes: deps.bodyLimitBytes,
    onProgress: progressEvents(deps, 'import'),
  };
}

/** The calls `export.*` and `import.path`: exports read the store; imports go through the core's writer. */
export function transferCalls(deps: TransferDeps) {
  const refusedOnTeam = () => {
    if (deps.team) throw new NoServerPaths(noServerPathsMessage);
  };
  return {
    'export.fixtures': async ({ outDir, ...options }) => {
      refusedOnTeam();
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
    'import.path': async ({ path }) => {
      refusedOnTeam();
      return importPath(path, importTarget(deps));
    },
  } satisfies Pick<CallHandlers, 'export.fixtures' | 'export.har' | 'export.curl' | 'import.path'>;
}
