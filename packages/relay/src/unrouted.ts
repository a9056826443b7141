import type pg from 'pg';
import type { CapturedDelivery } from '@webhook-inspector/capture';
import { pruneUnrouted } from './retention';
import type { RelayLogger } from './relay-logger';

/** The most of an unrouted delivery's body the relay keeps: enough to recognise the sender, too little to fill a disk. */
export const unroutedBodyPrefixBytes = 4096;

/** A delivery outside every channel as the relay keeps it: request line and headers whole, the body cut to a prefix. */
export function unroutedRecord(record: CapturedDelivery): CapturedDelivery {
  const { body } = record.raw;
  if (body.byteLength <= unroutedBodyPrefixBytes) return record;
  return { ...record, raw: { ...record.raw, body: body.subarray(0, unroutedBodyPrefixBytes), bodyTruncated: true } };
}

/**
 * Keeps the unrouted deliveries within their byte budget as they arrive, not only at the next retention pass: one
 * prune at a time, and one more after it when unrouted deliveries were stored meanwhile.
 */
export class UnroutedBudget {
  private pruning: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly budgetBytes: number,
    private readonly logger: RelayLogger,
  ) {}

  stored(): void {
    if (this.pruning) {
      this.again = true;
      return;
    }
    this.pruning = this.pruneWhileStored().finally(() => (this.pruning = null));
  }

  private async pruneWhileStored(): Promise<void> {
    do {
      this.again = false;
      await pruneUnrouted(this.pool, this.budgetBytes).catch((error: Error) => this.logger.warn(`relay: pruning unrouted deliveries failed (${error.message})`));
    } while (this.again);
  }

  /** Resolves once no prune is under way (shutdown). */
  async settled(): Promise<void> {
    while (this.pruning) await this.pruning;
  }
}
