import type pg from 'pg';
import type { Answer } from '@webhook-inspector/capture';
import { routeChannelPath } from './channel-path';
import { validChannelName } from './channels';

/** Where a delivery is stored: its channel, or unrouted (no channel) with the answer the sender gets. */
export type Routed = { channelId: string } | { channelId: null; answer: Answer };

const noChannel: Answer = { status: 404, reason: 'no channel at this path (/c/<channel>/…)' };
// 410, not 404: the channel existed and was retired on purpose, which a sender should stop trying rather than fix.
const revoked: Answer = { status: 410, reason: 'this channel was revoked on the relay' };

interface Known {
  id: string;
  revoked: boolean;
}

/**
 * Which channel a receiving path belongs to (`/c/<name>/…`, see channel-path.ts): known channels from memory,
 * others asked of the database. A channel changed since (revoked, on any relay) is forgotten when the relay hears of it.
 */
export class ChannelRoutes {
  private readonly known = new Map<string, Known>();
  /** Bumped by every forget: a lookup that started before one does not fill the cache with what it read. */
  private generation = 0;

  constructor(private readonly pool: pg.Pool) {}

  async route(path: string): Promise<Routed> {
    const route = routeChannelPath(path);
    if (route.kind === 'refused') return { channelId: null, answer: { status: 400, reason: route.reason } };
    if (route.kind === 'unrouted' || !validChannelName(route.name)) return { channelId: null, answer: noChannel };
    const channel = await this.lookUp(route.name);
    if (channel === null) return { channelId: null, answer: noChannel };
    return channel.revoked ? { channelId: null, answer: revoked } : { channelId: channel.id };
  }

  /** Forgets a channel (by id) or, with null, all of them: their access changed, or changes may have been missed. */
  forget(channelId: string | null): void {
    this.generation++;
    for (const [name, known] of this.known) if (channelId === null || known.id === channelId) this.known.delete(name);
  }

  private async lookUp(name: string): Promise<Known | null> {
    const cached = this.known.get(name);
    if (cached !== undefined) return cached;
    // A channel created since (by `relay channel create`, on any relay) is found here on its first delivery.
    const generation = this.generation;
    const { rows } = await this.pool.query<{ id: string; revoked: boolean }>(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM relay_channels WHERE name = $1',
      [name],
    );
    const found = rows[0] ? { id: rows[0].id, revoked: rows[0].revoked } : null;
    if (found !== null && generation === this.generation) this.known.set(name, found);
    return found;
  }
}
