/**
 * What a relay hands to a pulling laptop: one delivery exactly as the relay captured it. The laptop checks it
 * against the same shape (src/shared/relay.ts's schemas, held equal to these by test/unit/relay/pull-wire.test.ts).
 */
export interface RelayedDelivery {
  /** Opaque resume point: pass it back as `after` to continue behind this delivery. */
  cursor: string;
  /** The relay's id of the delivery, unique per relay database. */
  relayId: string;
  channel: string;
  receivedAt: number;
  method: string;
  path: string;
  query: string;
  headers: [string, string][];
  bodyBase64: string;
  bodyTruncated: boolean;
  remoteAddress: string | null;
  tls: boolean;
  response: { status: number; reason: string };
}

/** One page of the catch-up: deliveries after a cursor, oldest first. */
export interface RelayPage {
  deliveries: RelayedDelivery[];
  /** Where the next page starts (the last delivery's cursor, or the one asked for when the page is empty). */
  cursor: string;
  /** Deliveries stored behind this page that are ready to be pulled (an estimate under concurrent writes). */
  behind: number;
}
