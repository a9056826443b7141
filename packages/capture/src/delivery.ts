/** One request as received: what the receiver captured, before any analysis. */
export interface RawDelivery {
  method: string;
  path: string;
  /** Query string without the leading "?", "" when none. */
  query: string;
  /** Header pairs as received, order and case kept. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Uint8Array;
  /** The body went past the size limit and was cut there. */
  bodyTruncated: boolean;
}

/** What the receiver captured besides the request itself. */
export interface CaptureFacts {
  receivedAt: number;
  remoteAddress: string | null;
  tls: boolean;
  imported: boolean;
  /** Pulled from a relay: which one, and the relay's id of the delivery (received where the relay runs). */
  source?: { name: string; id: string };
}

export interface ResponseGiven {
  status: number;
  body: string;
  /** Why this answer: "policy: default", "body over the limit", … */
  reason: string;
  /**
   * How long after the request had arrived the answer went out, in ms (the handler's time when the answer waited for
   * it, plus the policy's delay); absent where not known (imports). A sender's read timeout (spec 8: 10 s) shorter than
   * this saw a failure, whatever the status.
   */
  afterMs?: number;
}

/**
 * A delivery as the receiver captured it, not analysed yet: the store analyses it and hashes its body off the
 * receiver's event loop (the SQLite engine on its writer thread), with the signing secret that was in force when
 * it arrived. The secret is never stored, logged or sent anywhere else.
 */
export interface CapturedDelivery {
  raw: RawDelivery;
  facts: CaptureFacts;
  response: ResponseGiven;
  secret: string | null;
  /**
   * HMAC-SHA256 of the body with `secret` (hex; null: no secret), when the receiver computed it on the spot (its
   * policy refuses invalid signatures): the analysis takes it rather than compute it again.
   */
  expectedDigest?: string | null;
}
