import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { describeIssues } from './describe-issues';
import { HarRequestBody, harRequestBody } from './har-body';
import { harEntries } from './har-stream';
import { parseTime, type ImportSource, type ReadOutcome } from './import-item';
import { entryBound, overLimit, type ImportLimits } from './import-limits';

const HarEntry = z.object({
  startedDateTime: z.string(),
  request: HarRequestBody.extend({
    method: z.string().min(1),
    url: z.string(),
    // HTTP/2 pseudo-headers (:method, :path, …) are kept as the capture recorded them; nothing sends them.
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
  }),
  response: z.object({ status: z.number().int(), content: z.object({ text: z.string().optional() }).optional() }).optional(),
  _webhookInspector: z
    .object({ bodyTruncated: z.boolean().optional(), remoteAddress: z.string().nullable().optional(), responseReason: z.string().optional() })
    .optional(),
});

// The request target as written, not as `new URL` would normalize it.
const urlParts = /^([a-z][a-z0-9+.-]*):\/\/[^/?#]*([^?#]*)(?:\?([^#]*))?/i;

export function harEntryOutcome(value: unknown, where: string, limits?: ImportLimits): ReadOutcome {
  const parsed = HarEntry.safeParse(value);
  if (!parsed.success) return { where, error: describeIssues(parsed.error) };
  const entry = parsed.data;
  const url = urlParts.exec(entry.request.url);
  if (!url) return { where, error: 'request.url is not an absolute http(s) URL' };
  const receivedAt = parseTime(entry.startedDateTime);
  if (receivedAt === null) return { where, error: 'startedDateTime is not an ISO-8601 time' };
  const body = harRequestBody(entry.request);
  if (typeof body === 'string') return { where, error: body };
  if (limits !== undefined && body.byteLength > limits.bodyLimitBytes) return { where, error: overLimit(body.byteLength, limits) };
  const extra = entry._webhookInspector;
  return {
    where,
    item: {
      raw: {
        method: entry.request.method,
        path: url[2] || '/',
        query: url[3] ?? '',
        headers: entry.request.headers.map(({ name, value }) => [name, value] as const),
        body,
        bodyTruncated: extra?.bodyTruncated ?? false,
      },
      receivedAt,
      remoteAddress: extra?.remoteAddress ?? null,
      tls: url[1]!.toLowerCase() === 'https',
      response: entry.response
        ? { status: entry.response.status, body: entry.response.content?.text ?? '', reason: extra?.responseReason ?? 'imported from HAR' }
        : null,
    },
  };
}

/**
 * A HAR document as its bytes arrive (a file read a chunk at a time, or an upload): every entry's request, as a
 * delivery received at startedDateTime. Never held whole: an entry longer than a delivery within the body limit
 * takes is skipped, read no further than its end. `label` names it in messages.
 */
export function harStreamSource(chunks: AsyncIterable<Buffer>, label: string, limits: ImportLimits): ImportSource {
  const bound = entryBound(limits);
  async function* outcomes(): AsyncGenerator<ReadOutcome> {
    let index = 0;
    for await (const read of harEntries(chunks, label, bound)) {
      index += 1;
      const where = `entry ${index}`;
      if ('value' in read) yield harEntryOutcome(read.value, where, limits);
      else if ('tooLong' in read) {
        yield { where, error: `more than ${bound} characters, longer than a delivery within the body limit of ${limits.bodyLimitBytes} bytes takes; not read` };
      } else yield { where, error: read.error };
    }
  }
  // How many entries there are is known at the end: the file is read once.
  return { total: null, outcomes: outcomes() };
}

/** A HAR file, read as a stream. */
export function harSource(file: string, limits: ImportLimits, label = file): ImportSource {
  return harStreamSource(createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, label, limits);
}
