import { z } from 'zod';
import { FilterValue } from './filter-text';

/** Which stored deliveries an action applies to: a selection, a duplicate group, or a whole lifecycle. */
export const DeliverySelection = z.union([
  z.object({ deliveryIds: z.array(z.number().int()).min(1).max(10_000) }),
  z.object({ idempotencyKey: FilterValue }),
  z.object({ lifecycleKey: FilterValue }),
]);
export type DeliverySelection = z.infer<typeof DeliverySelection>;

export const ReplaySigning = z.discriminatedUnion('mode', [
  /** The X-Service-Signature as stored. */
  z.object({ mode: z.literal('keep') }),
  /**
   * Signed again over the exact bytes sent with the given secret (e.g. your handler's test secret); without one, with
   * the signing secret in force (on a team server an admin's replay only: anyone else gives their own).
   */
  z.object({ mode: z.literal('resign'), secret: z.string().min(1).max(4096).optional() }),
  /** A deliberately wrong signature, to check the handler rejects it. */
  z.object({ mode: z.literal('wrong') }),
]);
export type ReplaySigning = z.infer<typeof ReplaySigning>;

export const ReplayOptions = z.object({
  url: z.url({ protocol: /^https?$/ }),
  signing: ReplaySigning.default({ mode: 'keep' }),
  /** Keep the stored X-Service-Delivery, or send a new UUID (as a retry might). */
  deliveryHeader: z.enum(['keep', 'regenerate']).default('keep'),
  /** Keep the stored X-Service-Timestamp, or send the time of this replay. */
  timestampHeader: z.enum(['keep', 'regenerate']).default('keep'),
  /** Accept a self-signed certificate at this target (asked per target). */
  allowSelfSigned: z.boolean().default(false),
});
export type ReplayOptions = z.infer<typeof ReplayOptions>;

/** The largest edited body a replay sends: the receiver's default body limit. */
export const editedBodyLimitBytes = 1024 * 1024;

/** A header name as HTTP allows it (RFC 9110 5.1, a token). */
const HeaderName = z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'a header name is letters, digits and !#$%&\'*+-.^_`|~');
/** A header value a request can carry: no line break or NUL (tabs, spaces and bytes beyond ASCII as Latin-1). */
const HeaderValue = z.string().max(16 * 1024).regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'a header value holds no line break, NUL or other control character');

/**
 * "Edit, then replay": what to send in place of the stored delivery's body and headers. The body is its exact bytes
 * (base64): an editor edits it as text and never re-serialises it. The headers are the whole list to send, in order
 * (connection headers such as Host and Content-Length are the sender's and dropped); the signing and the
 * X-Service-Delivery / X-Service-Timestamp choices then apply to them and to these bytes.
 */
export const ReplayEdit = z.object({
  bodyBase64: z.base64().max(Math.ceil(editedBodyLimitBytes / 3) * 4, 'an edited body is at most 1 MiB').optional(),
  headers: z.array(z.tuple([HeaderName, HeaderValue])).max(200).optional(),
});
export type ReplayEdit = z.infer<typeof ReplayEdit>;

/** One replay of one stored delivery, edited or not (`replay.send`, `replay.preview`). */
export const ReplaySend = ReplayOptions.extend({ deliveryId: z.number().int(), edit: ReplayEdit.optional() });
export type ReplaySend = z.infer<typeof ReplaySend>;

/** What `replay.send` would send with these choices (`replay.preview`), before anything is sent. */
export const ReplayPreview = z.object({
  method: z.string(),
  /** The headers in order, as they would go (the signature as this caller would see it on the replay). */
  headers: z.array(z.tuple([z.string(), z.string()])),
  bodySize: z.number().int(),
  bodySha256: z.string(),
  /** The X-Service-Signature that would go, or null when none would. */
  signature: z.string().nullable(),
  /** Headers whose value is made at sending (a new delivery id, the time, a wrong signature): shown here as an example. */
  madeAtSending: z.array(z.string()),
  /** The body or headers differ from the stored delivery's. */
  edited: z.boolean(),
});
export type ReplayPreview = z.infer<typeof ReplayPreview>;

/** The exact bytes a replay sent (`replay.sentBody`): an edited one's own, else its delivery's. */
export const ReplaySentBody = z.object({
  replayId: z.number().int(),
  /** The stored delivery it was made from: diff its body with this one. */
  deliveryId: z.number().int(),
  edited: z.boolean(),
  bodyBase64: z.string(),
});
export type ReplaySentBody = z.infer<typeof ReplaySentBody>;

export const ReplayRecord = z.object({
  id: z.number().int(),
  /** The stored delivery that was sent. */
  deliveryId: z.number().int(),
  kind: z.enum(['replay', 'forward']),
  /** Replays sent together by one "replay many" share it. */
  batchId: z.string().nullable(),
  /** The team user who sent this replay, on a team's shared inspector; null otherwise (and for forwards). */
  sentBy: z.string().nullable(),
  startedAt: z.string(),
  url: z.string(),
  signingMode: z.enum(['keep', 'resign', 'wrong']),
  /**
   * Its body or headers were edited before sending ("Edit, then replay"): the bytes sent are kept with it
   * (`replay.sentBody`), to compare with its delivery's (`deliveryId`), and `request.headers` are the ones sent.
   */
  edited: z.boolean().default(false),
  request: z.object({
    method: z.string(),
    headers: z.array(z.tuple([z.string(), z.string()])),
    bodySha256: z.string(),
    bodySize: z.number().int(),
  }),
  response: z
    .object({
      status: z.number().int(),
      headers: z.array(z.tuple([z.string(), z.string()])),
      /** UTF-8 text (invalid bytes replaced), up to the cap. */
      body: z.string(),
      bodyTruncated: z.boolean(),
    })
    .nullable(),
  /** Connect or read timeout, refused connection, TLS failure… (null when an answer came). */
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type ReplayRecord = z.infer<typeof ReplayRecord>;

export const ReplayManyOptions = ReplayOptions.extend({
  selection: DeliverySelection,
  order: z.enum(['event_time', 'arrival', 'shuffled', 'twice']).default('event_time'),
  /** For `shuffled`: the same seed gives the same order. */
  seed: z.number().int().min(0).max(0xffff_ffff).default(1),
});
export type ReplayManyOptions = z.infer<typeof ReplayManyOptions>;

export const ReplayBatch = z.object({
  batchId: z.string(),
  replays: z.array(ReplayRecord),
  /** The target's answers: status code (or "error") → count. */
  answers: z.record(z.string(), z.number().int()),
});
export type ReplayBatch = z.infer<typeof ReplayBatch>;

/** Live forwarding, like a `--forward-to`: every delivery received is also sent to the target. */
export const ForwardSettings = z
  .object({
    enabled: z.boolean(),
    /** Where every delivery goes, exactly (path and query included) unless `appendPath` is on. */
    target: z.url({ protocol: /^https?$/ }).nullable(),
    /** Opt-in: the target's path + the received path (after `pathRewrite`), and the received query after the target's. */
    appendPath: z.boolean().default(false),
    /** With `appendPath`: rewrites the start of the received path, e.g. /webhooks → /api/hooks (null: as received). */
    pathRewrite: z.object({ from: z.string().startsWith('/'), to: z.string().startsWith('/') }).nullable(),
    /** Answer the sender with the target's status instead of the response policy's. */
    mirrorStatus: z.boolean(),
    allowSelfSigned: z.boolean(),
  })
  .refine((settings) => settings.pathRewrite === null || settings.appendPath, {
    message: "a path rewrite applies to the delivery's path, which is only used when it is appended to the target",
    path: ['pathRewrite'],
  });
export type ForwardSettings = z.infer<typeof ForwardSettings>;
export const defaultForwardSettings: ForwardSettings = {
  enabled: false,
  target: null,
  appendPath: false,
  pathRewrite: null,
  mirrorStatus: false,
  allowSelfSigned: false,
};
