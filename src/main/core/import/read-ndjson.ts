import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { digestMismatch } from './body-digest';
import { describeIssues } from './describe-issues';
import { parseTime, withoutByteOrderMark, type ImportSource, type ReadOutcome } from './import-item';

/** The fields of an `export --format ndjson` line an import needs (README: "NDJSON export"). */
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

export function ndjsonOutcome(line: string, where: string): ReadOutcome {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { where, error: 'not valid JSON' };
  }
  const parsed = NdjsonDelivery.safeParse(json);
  if (!parsed.success) return { where, error: describeIssues(parsed.error) };
  const entry = parsed.data;
  const receivedAt = parseTime(entry.receivedAt);
  if (receivedAt === null) return { where, error: 'receivedAt is not an ISO-8601 time' };
  const body = Buffer.from(entry.bodyBase64, 'base64');
  const mismatch = digestMismatch(body, entry.bodySha256);
  if (mismatch) return { where, error: mismatch };
  return {
    item: {
      raw: { method: entry.method, path: entry.path, query: entry.query, headers: entry.headers, body, bodyTruncated: entry.bodyTruncated },
      receivedAt,
      remoteAddress: entry.remoteAddress,
      tls: entry.tls,
      response: entry.response ? { ...entry.response, body: '' } : null,
    },
  };
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line.trim() !== '') lines += 1;
  }
  return lines;
}

/** An NDJSON export, read line by line (it can be larger than memory). */
export async function ndjsonSource(file: string): Promise<ImportSource> {
  const total = await countLines(file);
  async function* outcomes(): AsyncGenerator<ReadOutcome> {
    let number = 0;
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      number += 1;
      if (line.trim() !== '') yield ndjsonOutcome(number === 1 ? withoutByteOrderMark(line) : line, `line ${number}`);
    }
  }
  return { total, outcomes: outcomes() };
}
