import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { describeIssues } from './describe-issues';
import { HarRequestBody, harRequestBody } from './har-body';
import { parseTime, withoutByteOrderMark, type ImportSource, type ReadOutcome } from './import-item';

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

const HarDocument = z.object({ log: z.object({ entries: z.array(z.unknown()) }) });

// The request target as written, not as `new URL` would normalize it.
const urlParts = /^([a-z][a-z0-9+.-]*):\/\/[^/?#]*([^?#]*)(?:\?([^#]*))?/i;

export function harEntryOutcome(value: unknown, where: string): ReadOutcome {
  const parsed = HarEntry.safeParse(value);
  if (!parsed.success) return { where, error: describeIssues(parsed.error) };
  const entry = parsed.data;
  const url = urlParts.exec(entry.request.url);
  if (!url) return { where, error: 'request.url is not an absolute http(s) URL' };
  const receivedAt = parseTime(entry.startedDateTime);
  if (receivedAt === null) return { where, error: 'startedDateTime is not an ISO-8601 time' };
  const body = harRequestBody(entry.request);
  if (typeof body === 'string') return { where, error: body };
  const extra = entry._webhookInspector;
  return {
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

class NotHar extends Error {
  readonly status = 400;
}

/** A HAR file: every entry's request, as a delivery received at startedDateTime. `label` names it in messages. */
export async function harSource(file: string, label = file): Promise<ImportSource> {
  const text = withoutByteOrderMark(await readFile(file, 'utf8'));
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new NotHar(`${label} is not valid JSON`);
  }
  const parsed = HarDocument.safeParse(document);
  if (!parsed.success) throw new NotHar(`${label} is not a HAR file (${describeIssues(parsed.error)})`);
  const entries = parsed.data.log.entries;
  async function* outcomes(): AsyncGenerator<ReadOutcome> {
    for (const [index, entry] of entries.entries()) yield harEntryOutcome(entry, `entry ${index + 1}`);
  }
  return { total: entries.length, outcomes: outcomes() };
}
