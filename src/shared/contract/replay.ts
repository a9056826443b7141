import { z } from 'zod';
import { ForwardSettings, ReplayBatch, ReplayManyOptions, ReplayPreview, ReplayRecord, ReplaySend, ReplaySentBody } from '../replay';
import { Empty } from './empty';
import type { Role } from '../role';

/** Stored deliveries sent again to the user's handler, and live forwarding. */
export const calls = {
  /** One stored delivery sent again, as stored or edited first (`edit`: its body's bytes and its headers). */
  'replay.send': { input: ReplaySend, output: ReplayRecord },
  /** What replay.send would send with the same input (headers, size, signature); nothing is sent or stored. */
  'replay.preview': { input: ReplaySend, output: ReplayPreview },
  /** The exact bytes a replay sent (an edited one's own, else its delivery's), to compare with its delivery's. */
  'replay.sentBody': { input: z.object({ replayId: z.number().int() }), output: ReplaySentBody },
  'replay.many': { input: ReplayManyOptions, output: ReplayBatch },
  /** Replays and forwards of one delivery, newest first. */
  'replay.list': { input: z.object({ deliveryId: z.number().int() }), output: z.object({ items: z.array(ReplayRecord) }) },
  'forward.get': { input: Empty, output: ForwardSettings },
  'forward.set': { input: ForwardSettings, output: ForwardSettings },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'replay.send': 'member',
  'replay.preview': 'member',
  'replay.sentBody': 'viewer',
  'replay.many': 'member',
  'replay.list': 'viewer',
  'forward.get': 'viewer',
  'forward.set': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /** A delivery was forwarded or replayed: its detail should reload its replays. */
  'replays.changed': z.object({ deliveryId: z.number().int() }),
} as const;
