import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '../../../shared/csp';

/** JSON in and out of the control server's routes, with the headers every answer carries. */
export const securityHeaders = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const maxCallBytes = 1024 * 1024;
/** A replay's edited body (up to editedBodyLimitBytes, as base64) and its headers: more than other calls carry. */
const editedReplayCallBytes = 3 * 1024 * 1024;

/** How many bytes of JSON a call's input may be (read once the caller's role allows the call). */
export function callInputBytes(call: string): number {
  return call === 'replay.send' || call === 'replay.preview' ? editedReplayCallBytes : maxCallBytes;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...securityHeaders,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function readJson(req: IncomingMessage, limitBytes = maxCallBytes): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) reject(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text === '' ? {} : JSON.parse(text));
      } catch {
        reject(new Error('body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}
