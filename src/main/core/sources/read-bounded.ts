/** A peer's whole body, or `tooLarge()` as soon as it passes `maxBytes` (what came is dropped, the rest unread). */
export async function readBounded(stream: AsyncIterable<Buffer>, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The first `maxBytes` of a peer's body (or all of it, if shorter); the rest is left unread. */
export async function readPrefix(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= maxBytes) break;
  }
  return Buffer.concat(chunks, size).subarray(0, maxBytes);
}
