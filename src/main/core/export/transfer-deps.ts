import { randomUUID } from 'node:crypto';
import type { TransferProgress } from '../../../shared/fixtures';
import type { DeliveryRecord } from '../delivery-record/delivery-record';
import type { InspectorStore } from '../store/inspector-store';
import type { ProgressListener } from './progress';
import type { ReceiverUrls } from './receiver-origin';

/** What a running core gives its exports and imports: the calls `export.*` and `import.path`, downloads and uploads. */
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

/** Said the same whatever the path (whether it exists is not the caller's to learn). */
class NoServerPaths extends Error {
  readonly status = 403;
}

export const noServerPathsMessage = 'a team server does not read or write its own files: download the export, or upload the file to import';

/** Refuses (403) a call that reads or writes a path of the server's own disk, on a team server. */
export function refuseServerPathsOnTeam(deps: Pick<TransferDeps, 'team'>): void {
  if (deps.team) throw new NoServerPaths(noServerPathsMessage);
}

/** One export's or import's progress as `transfer.progress` events, under a job id of its own. */
export function progressEvents(deps: Pick<TransferDeps, 'publishProgress'>, kind: TransferProgress['kind']): ProgressListener {
  const jobId = randomUUID();
  return (progress) => deps.publishProgress({ jobId, kind, ...progress });
}
