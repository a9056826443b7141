import pg from 'pg';
import { channelChanges } from './channels';
import type { RelayLogger } from './relay-logger';

export const arrivalNotices = 'relay_deliveries';

export interface ArrivalListeners {
  /** A delivery for this channel was committed, by any relay on the database. */
  arrived(channelId: string): void;
  /** This channel's access changed (rotated, revoked); null: notices may have been missed, every channel may have. */
  channelChanged(channelId: string | null): void;
}

/**
 * Hears, over LISTEN/NOTIFY, what every relay on the database does: deliveries stored per channel, and channels
 * rotated or revoked by `relay channel`. While this connection is being re-made notices can be missed: streams
 * also poll now and then, and a reconnect reports every channel as changed.
 */
export class RelayArrivals {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private connectedOnce = false;

  constructor(
    private readonly connectionString: string,
    private readonly listeners: ArrivalListeners,
    private readonly logger: RelayLogger,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      const channelId = message.payload ?? '';
      if (message.channel === channelChanges) this.listeners.channelChanged(channelId);
      else this.listeners.arrived(channelId);
    });
    client.on('error', (error) => {
      this.logger.warn(`relay: the arrivals listener lost its connection (${error.message}); reconnecting`);
      this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${arrivalNotices}; LISTEN ${channelChanges}`);
    this.client = client;
    if (this.connectedOnce) this.listeners.channelChanged(null);
    this.connectedOnce = true;
  }

  private reconnect(): void {
    this.client?.end().catch(() => {});
    this.client = null;
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.reconnect());
    }, 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
  }
}
