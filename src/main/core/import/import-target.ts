import { progressEvents, type TransferDeps } from '../export/transfer-deps';
import type { ImportTarget } from './import-path';

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
