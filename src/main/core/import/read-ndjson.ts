import { z } from 'zod';
import { checkedDigest } from './body-digest';
import { describeIssues } from './describe-issues';
import { countNonBlankLines, textLines, type ByteSource } from './file-lines';
import { parseTime, withoutByteOrderMark, type ImportSource, type ReadOutcome } from './import-item';
import { entryBound, overLimit, type ImportLimits } from './import-limits';

/** The fields of an `export --format ndjson` line an import needs (docs/formats/ndjson.md). */
const NdjsonDelivery = z.object({
  receivedAt: z.string(),
  method: z.string().min(1),
  path: z.string().startsWith('/'),
  query: z.string().default(''),
  headers: z.array(z.tuple([z.string(), z.string()])),
  bodyBase64: z.base64(),
  bodySha256: z.string().optional(),
  bodyTruncated: z.boolean().default(false),
  remoteAddress: z.string().nullable().default(null),
  tls: z.boolean().default(true),
  response: z.object({ status: z.number().int(), reason: z.string() }).optional(),
});

/**
 * The same fields with bodyBase64 only a string: z.base64() runs a regular expression over the whole body,
 * which costs more than decoding it. `decodeBase64` checks it instead; on any doubt the full schema decides.
 */
const NdjsonDeliveryUnchecked = NdjsonDelivery.extend({ bodyBase64: z.string() });

const base64Characters = /^[A-Za-z0-9+/]*$/;

/**
 * The bytes of base64 text that z.base64() accepts, else null: whole groups of four, `=` only as the last one or
 * two, the alphabet otherwise. Checked without a copy of the text (a regular expression of one class, over a slice).
 */
function decodeBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (!base64Characters.test(padding === 0 ? text : text.slice(0, -padding))) return null;
  return Buffer.from(text, 'base64');
}

function invalidEntry(json: unknown, where: string): ReadOutcome {
  const parsed = NdjsonDelivery.safeParse(json);
  return { where, error: parsed.success ? 'bodyBase64: not valid base64' : describeIssues(parsed.error) };
}

export function ndjsonOutcome(line: string, where: string, limits?: ImportLimits): ReadOutcome {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { where, error: 'not valid JSON' };
  }
  const parsed = NdjsonDeliveryUnchecked.safeParse(json);
  if (!parsed.success) return invalidEntry(json, where);
  const entry = parsed.data;
  const body = decodeBase64(entry.bodyBase64);
  if (body === null) return invalidEntry(json, where);
  if (limits !== undefined && body.byteLength > limits.bodyLimitBytes) return { where, error: overLimit(body.byteLength, limits) };
  const receivedAt = parseTime(entry.receivedAt);
  if (receivedAt === null) return { where, error: 'receivedAt is not an ISO-8601 time' };
  const digest = checkedDigest(body, entry.bodySha256);
  if ('error' in digest) return { where, error: digest.error };
  return {
    where,
    item: {
      raw: { method: entry.method, path: entry.path, query: entry.query, headers: entry.headers, body, bodyTruncated: entry.bodyTruncated },
      receivedAt,
      remoteAddress: entry.remoteAddress,
      tls: entry.tls,
      response: entry.response ? { ...entry.response, body: '' } : null,
      bodySha256: digest.sha256,
    },
  };
}

/** Why a line is skipped unread: longer than any delivery within the body limit is written. */
const longLine = (bytes: number, bound: number, limits: ImportLimits) =>
  `line of ${bytes} bytes, longer than the ${bound} a delivery within the body limit of ${limits.bodyLimitBytes} bytes takes; not read`;

/** Each line's outcome; a line past the bound is skipped as it streams by, never joined, and reading goes on. */
async function* ndjsonOutcomes(source: ByteSource, limits: ImportLimits): AsyncGenerator<ReadOutcome> {
  const bound = entryBound(limits);
  let number = 0;
  for await (const line of textLines(source, bound)) {
    number += 1;
    if (typeof line !== 'string') yield { where: `line ${number}`, error: longLine(line.bytes, bound, limits) };
    else if (line.trim() !== '') yield ndjsonOutcome(number === 1 ? withoutByteOrderMark(line) : line, `line ${number}`, limits);
  }
}

/** An NDJSON export, read line by line (it can be larger than memory); its lines are counted first. */
export async function ndjsonSource(file: string, limits: ImportLimits): Promise<ImportSource> {
  return { total: await countNonBlankLines(file, entryBound(limits)), outcomes: ndjsonOutcomes(file, limits) };
}

/** An NDJSON export as its bytes arrive (an upload), each line read once: how many there are is known at the end. */
export function ndjsonStreamSource(chunks: AsyncIterable<Buffer>, limits: ImportLimits): ImportSource {
  return { total: null, outcomes: ndjsonOutcomes(chunks, limits) };
}
