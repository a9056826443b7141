import type { IncomingMessage } from 'node:http';

export type BodyOutcome =
  /** The whole body arrived. */
  | 'complete'
  /** It went past the limit: the bytes up to the limit are kept, the rest is read and thrown away (see server.ts). */
  | 'too_large'
  /** The sender stopped before the announced Content-Length (or reset the connection). */
  | 'incomplete'
  /** It did not arrive within the request timeout. */
  | 'timed_out';

export interface CapturedBody {
  body: Buffer;
  outcome: BodyOutcome;
}

/** Reads a request body as raw bytes, never buffering past `limitBytes`. */
export function captureBody(req: IncomingMessage, limitBytes: number, timeoutMs: number): Promise<CapturedBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      // Past the limit the sender may still be writing: its bytes are discarded rather than left unread.
      if (outcome === 'too_large') req.resume();
      else if (outcome !== 'complete') req.pause();
      resolve({ body: Buffer.concat(chunks, Math.min(size, limitBytes)), outcome });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > limitBytes) finish('too_large');
    };
    const timer = setTimeout(() => finish('timed_out'), timeoutMs);

    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > limitBytes) return finish('too_large');
    req.on('data', onData);
    req.once('end', () => finish('complete'));
    req.once('aborted', () => finish('incomplete'));
    req.once('error', () => finish('incomplete'));
    req.once('close', () => finish(req.complete ? 'complete' : 'incomplete'));
  });
}
