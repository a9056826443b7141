/**
 * The store cannot be reached (its database is down, restarting, or refuses our connections): a call that
 * needs it answers 503 until it is back, the receiver's senders are told to retry.
 */
export class StoreUnavailable extends Error {
  readonly status = 503;
}

/** A value a call gave that the store cannot take (a filter, a key, an id out of its range): the caller's to fix, a 400. */
export class BadStoreInput extends Error {
  readonly status = 400;
}
