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
  /** Signed again over the exact stored bytes with the given secret (e.g. your handler's test secret). */
  z.object({ mode: z.literal('resign'), secret: z.string().min(1).max(4096) }),
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
