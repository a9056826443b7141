import type pg from 'pg';
import type { IncomingDelivery } from '../store/delivery-record';
import { insertRelayDeliveries } from './relay-deliveries';

interface Waiting {
  channelId: string | null;
  record: IncomingDelivery;
  resolve: (id: number) => void;
  reject: (error: Error) => void;
}

const largestBatch = 500;

/**
 * Group commit for the relay: the deliveries that arrive while a commit is under way are stored together by the
 * next one, so that one WAL flush answers many senders. Each still resolves only once its row is committed.
 */
export class RelayWriter {
  private queue: Waiting[] = [];
  private committing = false;

  constructor(private readonly pool: pg.Pool) {}

  store(channelId: string | null, record: IncomingDelivery): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ channelId, record, resolve, reject });
      if (!this.committing) void this.commitWaiting();
    });
  }

  private async commitWaiting(): Promise<void> {
    this.committing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, largestBatch);
      try {
        const ids = await insertRelayDeliveries(this.pool, batch);
        batch.forEach((waiting, index) => waiting.resolve(ids[index]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error as Error);
      }
    }
    this.committing = false;
  }
}
