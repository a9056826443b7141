import type { IncomingMessage, ServerResponse } from 'node:http';

/** Every answer of the simulated API is JSON; errors are `{ message, status: "error", ... }`. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { message, status: 'error', ...extra }, headers);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string };

function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Reads a JSON request body of at most `limitBytes`; past the limit it stops reading and answers 413. */
export function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<JsonBody> {
  if (!isJsonContentType(req.headers['content-type'])) {
    return Promise.resolve({ ok: false, status: 415, message: 'Content-Type must be application/json' });
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    return Promise.resolve({ ok: false, status: 413, message: `Request body is larger than ${limitBytes} bytes` });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: JsonBody) => {
      if (!done) {
        done = true;
        resolve(result);
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) finish({ ok: false, status: 413, message: `Request body is larger than ${limitBytes} bytes` });
      else if (!done) chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        finish({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        finish({ ok: false, status: 400, message: 'Request body is not valid JSON' });
      }
    });
    req.on('error', () => finish({ ok: false, status: 400, message: 'Request body could not be read' }));
  });
}
