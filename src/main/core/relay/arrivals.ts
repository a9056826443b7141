import pg from 'pg';

/**
 * Wakes the streams of a channel when any relay on the database stores a delivery for it (LISTEN/NOTIFY).
 * Streams also poll now and then: a notification can be missed while this connection is being re-made.
 */
export class RelayArrivals {
  private readonly waiters = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.wake(message.payload ?? ''));
    client.on('error', (error) => {
      this.log(`relay: the arrivals listener lost its connection (${error.message}); reconnecting`);
      this.reconnect();
    });
    await client.connect();
    await client.query('LISTEN relay_deliveries');
    this.client = client;
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

  /** Resolves at the next arrival on the channel, or after `ms`. */
  next(channelId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(channelId) ?? new Set();
      this.waiters.set(channelId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  private wake(channelId: string): void {
    for (const done of [...(this.waiters.get(channelId) ?? [])]) done();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    for (const set of this.waiters.values()) for (const done of [...set]) done();
    await this.client?.end().catch(() => {});
  }
}
