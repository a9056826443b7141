import { z } from 'zod';

/**
 * What a relay hands to a pulling laptop: one delivery exactly as the relay captured it. The laptop stores it
 * as if its own receiver had, byte for byte, keyed by `relayId` so that it lands once however often it is pulled.
 */
export const RelayedDelivery = z.object({
  /** Opaque resume point: pass it back as `after` to continue behind this delivery. */
  cursor: z.string(),
  /** The relay's id of the delivery, unique per relay database. */
  relayId: z.string(),
  channel: z.string(),
  receivedAt: z.number().int(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  bodyBase64: z.string(),
  bodyTruncated: z.boolean(),
  remoteAddress: z.string().nullable(),
  tls: z.boolean(),
  response: z.object({ status: z.number().int(), reason: z.string() }),
});
export type RelayedDelivery = z.infer<typeof RelayedDelivery>;

/** One page of the catch-up: deliveries after a cursor, oldest first. */
export const RelayPage = z.object({
  deliveries: z.array(RelayedDelivery),
  /** Where the next page starts (the last delivery's cursor, or the one asked for when the page is empty). */
  cursor: z.string(),
  /** Deliveries stored behind this page that are ready to be pulled (an estimate under concurrent writes). */
  behind: z.number().int(),
});
export type RelayPage = z.infer<typeof RelayPage>;

/** Health of one source the local core pulls from, as the top bar shows it. */
export const SourceHealth = z.object({
  name: z.string(),
  url: z.string(),
  state: z.enum(['connecting', 'catching_up', 'connected', 'disconnected']),
  /** Deliveries the relay holds behind the last page pulled, while catching up. */
  behind: z.number().int().nullable(),
  /**
   * When it first failed (ISO-8601) in the outage under way, however often it was retried since, and why it
   * failed last (the relay's own reason when it gave one); null while connected.
   */
  since: z.string().nullable(),
  reason: z.string().nullable(),
  /** When the next attempt is made (ISO-8601), while disconnected. */
  nextRetryAt: z.string().nullable(),
  received: z.number().int(),
});
export type SourceHealth = z.infer<typeof SourceHealth>;

/** A relay source as Settings sets it. The token is write-only: kept like the API token, never sent back. */
export const RelaySourceSettings = z.object({
  /** The relay's base URL (https://, or http:// on a trusted network). */
  url: z.url({ protocol: /^https?$/ }),
  /** The channel's pull token; left out, the one kept for a relay at the same address is used. */
  token: z.string().trim().min(1).max(4096).optional(),
  /** SHA-256 of a self-signed relay certificate: 64 hex digits, colons optional. */
  fingerprint: z
    .string()
    .trim()
    .regex(/^(?:[0-9a-f]{2}:?){31}[0-9a-f]{2}$/i, 'a SHA-256 fingerprint is 64 hex digits (colons optional)')
    .nullable(),
});
export type RelaySourceSettings = z.infer<typeof RelaySourceSettings>;
