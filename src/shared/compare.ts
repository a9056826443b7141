import { z } from 'zod';
import { Finding, PayloadForm, SignatureCheck, SignatureVerdict } from './verdicts';

/**
 * Two stored deliveries side by side (`deliveries.compare`, `webhook-inspector diff`, the MCP tool
 * `compare_deliveries`): their headers as received, their bodies as JSON (exact number text, key order, repeated keys)
 * and as bytes, their signature verdicts and their findings. Left is the first id asked for, right the second.
 * `equal` is true only when the headers and the body bytes are the same: nothing here ever says equal otherwise.
 */

/** One header pair as received, with its place (0-based) among the request's headers. */
const HeaderAt = z.object({ index: z.number().int(), name: z.string(), value: z.string() });

/**
 * One row of the headers' comparison, in the right side's order (a header only on the left after the one before it):
 * a pair is matched by its name in any case and its occurrence (the second `X-A` with the second `x-a`).
 */
export const HeaderChange = z.object({
  kind: z.enum(['same', 'changed', 'added', 'removed']),
  left: HeaderAt.nullable(),
  right: HeaderAt.nullable(),
  /** The name's case differs (`X-Service-Event` against `x-service-event`). */
  caseChanged: z.boolean(),
  /** Its place among the matched headers differs (it moved past another one). */
  moved: z.boolean(),
});
export type HeaderChange = z.infer<typeof HeaderChange>;

/** What a body is, as the comparison reads it. */
export const BodyShape = z.object({
  size: z.number().int(),
  sha256: z.string(),
  /** Only the bytes up to the receiver's limit were kept. */
  truncated: z.boolean(),
  kind: z.enum(['empty', 'invalid_utf8', 'invalid_json', 'too_deep', 'json']),
  /** The JSON value's type when kind is json (object, array, string, number, boolean, null). */
  jsonType: z.string().nullable(),
  /** The first byte that is not UTF-8 (kind invalid_utf8). */
  firstInvalidByte: z.number().int().nullable(),
  /** It starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; the rest is compared as JSON when it is JSON. */
  bom: z.boolean(),
  /** Why it is not JSON (kind invalid_json or too_deep). */
  reason: z.string().nullable(),
  /** Keys written twice in one object (`$.data.amount` ×2): a parser keeps one of them, which one is the parser's choice. */
  duplicateKeys: z.array(z.object({ path: z.string(), key: z.string(), count: z.number().int() })),
});
export type BodyShape = z.infer<typeof BodyShape>;

/**
 * One difference between the two JSON bodies at a path. `added` and `removed` name a member or item on one side only,
 * `changed` a value that differs (numbers by their exact text: `1.10` is not `1.1`), `reordered` an object whose
 * members are written in another order (`leftOrder`, `rightOrder`). `occurrence` counts a key written more than once
 * (2 for its second writing).
 */
export const JsonChange = z.object({
  kind: z.enum(['added', 'removed', 'changed', 'reordered']),
  path: z.string(),
  occurrence: z.number().int(),
  /** The value as written (numbers their exact text, strings JSON-quoted), cut at 200 characters; null when absent. */
  left: z.string().nullable(),
  right: z.string().nullable(),
  leftType: z.string().nullable(),
  rightType: z.string().nullable(),
  /** Two numbers that are the same value written differently (`1.10` and `1.1`, `1e2` and `100`). */
  sameNumber: z.boolean(),
  leftOrder: z.array(z.string()).nullable(),
  rightOrder: z.array(z.string()).nullable(),
});
export type JsonChange = z.infer<typeof JsonChange>;

/** A unified diff's hunk over the bodies' lines (the text diff, when either body is not JSON but both are UTF-8). */
export const TextHunk = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  /** Each line as a unified diff writes it: ' ' kept, '-' left only, '+' right only, '\' no newline at end. */
  lines: z.array(z.string()),
});
export type TextHunk = z.infer<typeof TextHunk>;

/** Bytes around the first difference on one side, in hex. */
export const ByteWindow = z.object({
  /** Offset of the window's first byte. */
  offset: z.number().int(),
  /** Two hex digits per byte, space-separated. */
  hex: z.string(),
});

export const ComparedSide = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  event: z.string().nullable(),
  form: PayloadForm,
  deliveryId: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  responseStatus: z.number().int(),
  /** As deliveries.get shows it to the caller: the expected digest whole only to whoever may see it (shared/signature-view.ts). */
  signatureCheck: SignatureCheck,
  findings: z.array(Finding),
  body: BodyShape,
});
export type ComparedSide = z.infer<typeof ComparedSide>;

export const DeliveryComparison = z.object({
  left: ComparedSide,
  right: ComparedSide,
  /** Same headers (names, case, values, order) and the same body bytes. */
  equal: z.boolean(),
  /** What differs, in sentences, the most telling first ("The bodies differ: …", "Only the headers differ: …"). */
  summary: z.array(z.string()),
  /** Method, path and query, where they differ. */
  request: z.array(z.object({ field: z.enum(['method', 'path', 'query']), left: z.string(), right: z.string() })),
  headers: z.object({ equal: z.boolean(), rows: z.array(HeaderChange) }),
  body: z.object({
    /** Byte for byte the same. */
    identical: z.boolean(),
    /** Both bodies read as JSON (a byte-order mark aside): the paths that differ; null otherwise. */
    json: z
      .object({
        changes: z.array(JsonChange),
        /** More changes than listed (the list stops at a thousand). */
        omitted: z.number().int(),
      })
      .nullable(),
    /** Both are UTF-8 text and not both JSON: a line diff; null otherwise. */
    text: z
      .object({
        hunks: z.array(TextHunk),
        /** The line diff was given up (too many differences, or too long to compare in time): see the bytes. */
        abandoned: z.boolean(),
        omittedLines: z.number().int(),
      })
      .nullable(),
    /** Where the bytes first differ (null when identical): the offset, and the bytes around it on each side. */
    bytes: z
      .object({
        firstDifference: z.number().int(),
        left: ByteWindow,
        right: ByteWindow,
      })
      .nullable(),
  }),
  signature: z.object({ sameVerdict: z.boolean(), left: SignatureVerdict, right: SignatureVerdict }),
  findings: z.object({ onlyLeft: z.array(Finding), onlyRight: z.array(Finding), both: z.array(Finding) }),
});
export type DeliveryComparison = z.infer<typeof DeliveryComparison>;
