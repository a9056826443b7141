import type pg from 'pg';

const channelPath = /^\/c\/([^/?]+)(?:\/|$)/;

/** Which channel a receiving path belongs to (`/c/<name>/…`): known channels from memory, others asked of the database. */
export class ChannelRoutes {
  private readonly known = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {}

  async idFor(path: string): Promise<string | null> {
    const name = channelPath.exec(path)?.[1];
    if (name === undefined) return null;
    const cached = this.known.get(name);
    if (cached !== undefined) return cached;
    // A channel created since (by `relay channel create`, on any relay) is found here on its first delivery.
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM relay_channels WHERE name = $1', [name]);
    const id = rows[0]?.id ?? null;
    if (id !== null) this.known.set(name, id);
    return id;
  }
}
