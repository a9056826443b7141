import type { CoreStatus, EventPayload } from '../../../shared/contract';

export type StoredCounts = EventPayload<'deliveries.changed'>['stored'];

/** The status with what the store keeps as of a commit. */
export function withStored(status: CoreStatus, stored: StoredCounts): CoreStatus {
  return { ...status, deliveryCount: stored.deliveries, retention: { ...status.retention, kept: stored } };
}

/** The status to show of the one shown and one given now: never one the core read before the one shown. */
export function newerStatus(shown: CoreStatus | undefined, given: CoreStatus): CoreStatus {
  return shown !== undefined && given.revision < shown.revision ? shown : given;
}

/**
 * A status read from the core, against the one shown when it answered: an older read loses, and a read that
 * deliveries were committed during keeps the stored counts their events brought (it may predate them).
 */
export function statusAsRead(shown: CoreStatus | undefined, read: CoreStatus, committedMeanwhile: boolean): CoreStatus {
  const newer = newerStatus(shown, read);
  return newer === read && shown !== undefined && committedMeanwhile ? withStored(read, shown.retention.kept) : newer;
}
