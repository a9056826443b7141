import { z } from 'zod';

/** Version 1 of the fixtures folder: `manifest.json`, and per delivery `NNNN-<event>.json` + `NNNN-<event>.body`. */
export const fixturesFormat = 'webhook-inspector-fixtures';
export const fixturesVersion = 1;

/** What happened to X-Service-Signature in a fixture. */
export const FixtureSigning = z.enum([
  /** As received. */
  'original',
  /** Signed again with the manifest's test secret over the fixture's bytes. */
  'resigned',
  /** Removed on request. */
  'stripped',
  /** Removed because redaction changed the bytes it signed and no test secret was given. */
  'dropped_after_redaction',
]);
export type FixtureSigning = z.infer<typeof FixtureSigning>;

const HeaderPairs = z.array(z.tuple([z.string(), z.string()]));

export const FixtureFile = z.object({
  name: z.string(),
  /** The delivery's id in the data dir it was exported from. */
  sourceId: z.number().int().optional(),
  receivedAt: z.iso.datetime({ offset: true }),
  method: z.string().min(1),
  path: z.string().startsWith('/'),
  query: z.string().default(''),
  headers: HeaderPairs,
  /** The X-Service-Signature the fixture carries (also among the headers), or null. */
  signatureHeader: z.string().nullable(),
  signing: FixtureSigning.default('original'),
  redacted: z.boolean().default(false),
  /** UTF-8 text when the bytes are valid UTF-8, else base64; the .body file is the byte-exact copy. */
  body: z.string(),
  bodyEncoding: z.enum(['utf8', 'base64']),
  bodyFile: z.string().optional(),
  bodySha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  bodyTruncated: z.boolean().default(false),
  tls: z.boolean().default(true),
  response: z.object({ status: z.number().int(), reason: z.string() }).optional(),
  analysis: z
    .object({
      form: z.string(),
      event: z.string().nullable(),
      payoutType: z.string().nullable(),
      deliveryId: z.string().nullable(),
      signature: z.string(),
      idempotencyKey: z.string().nullable(),
      findings: z.array(z.object({ code: z.string(), severity: z.string(), path: z.string(), message: z.string() })),
    })
    .optional(),
});
export type FixtureFile = z.infer<typeof FixtureFile>;
export type FixtureAnalysis = NonNullable<FixtureFile['analysis']>;

export const FixtureManifest = z.object({
  format: z.literal(fixturesFormat),
  version: z.number().int(),
  created: z.string(),
  count: z.number().int(),
  /** In arrival order; import follows it. */
  files: z.array(z.object({ json: z.string(), body: z.string(), bodySha256: z.string() })),
  options: z.object({
    selection: z.unknown(),
    redact: z.boolean(),
    signatures: z.enum(['kept', 'resigned', 'stripped']),
    /** Set when re-signed: the secret the fixtures verify with (never the real signing secret). */
    testSecret: z.string().nullable(),
  }),
});
export type FixtureManifest = z.infer<typeof FixtureManifest>;
