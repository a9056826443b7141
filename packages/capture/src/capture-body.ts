import type { IncomingMessage } from 'node:http';

export type BodyOutcome =
  /** The whole body arrived. */
  | 'complete'
  /** It went past the limit: the bytes up to the limit are kept, the rest is read and thrown away (see server.ts). */
  | 'too_large'
  /** The sender stopped before the announced Content-Length (or reset the connection). */
  | 'incomplete'
  /** It did not arrive within the request timeout. */
  | 'timed_out'
  /** The request was refused before its body was read (an Expect the receiver cannot meet); none of it is kept. */
  | 'not_read'
  /**
   * Its Content-Length was over the limit and its sender waited for `100 Continue` before uploading: it was
   * answered 413 instead, so no byte of the body was sent, and none is kept.
   */
  | 'refused_before_upload';

export interface CapturedBody {
  body: Buffer;
  outcome: BodyOutcome;
}

/** How long a body announced over the limit may pause before it is answered 413 with the bytes that came. */
const announcedOverStallMs = 1000;

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
      clearTimeout(stalled);
      req.off('data', onData);
      // Past the limit the sender may still be writing: its bytes are discarded rather than left unread.
      if (outcome === 'too_large') req.resume();
      else if (outcome !== 'complete') req.pause();
      resolve({ body: Buffer.concat(chunks, Math.min(size, limitBytes)), outcome });
    };
    // A body announced over the limit is over it once the limit is reached: its first `limitBytes` are kept all the
    // same. Its 413 is certain, so a sender that pauses is not kept waiting for the request timeout: after a second
    // without a byte it is answered with what arrived.
    const announcedOver = announcedOverLimit(req, limitBytes);
    const overAt = announcedOver ? limitBytes : limitBytes + 1;
    const stallMs = Math.min(announcedOverStallMs, timeoutMs / 2);
    const stalled: NodeJS.Timeout | undefined = announcedOver ? setTimeout(() => finish('too_large'), stallMs) : undefined;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size >= overAt) finish('too_large');
      else stalled?.refresh();
    };
    const timer = setTimeout(() => finish('timed_out'), timeoutMs);
    req.on('data', onData);
    req.once('end', () => finish('complete'));
    req.once('aborted', () => finish('incomplete'));
    req.once('error', () => finish('incomplete'));
    req.once('close', () => finish(req.complete ? 'complete' : 'incomplete'));
  });
}

/** The request's Content-Length says its body is larger than `limitBytes`. */
export function announcedOverLimit(req: IncomingMessage, limitBytes: number): boolean {
  const announced = Number(req.headers['content-length']);
  return Number.isFinite(announced) && announced > limitBytes;
}

/** The receiver stopped taking the body while the sender may still be writing it: what is kept is not all of it. */
export function leftUnread(outcome: BodyOutcome): boolean {
  return outcome === 'too_large' || outcome === 'not_read' || outcome === 'refused_before_upload';
}

/** Refuses a body unread: whatever the sender still writes is discarded. */
export function skipBody(req: IncomingMessage, outcome: 'not_read' | 'refused_before_upload'): CapturedBody {
  req.resume();
  return { body: Buffer.alloc(0), outcome };
}
