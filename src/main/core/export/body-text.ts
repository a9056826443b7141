const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text when it is valid UTF-8 (re-encoding gives the same bytes back), else null. */
export function utf8TextOrNull(body: Uint8Array): string | null {
  try {
    return strictUtf8.decode(body);
  } catch {
    return null;
  }
}

/** A body as written into a JSON export: UTF-8 text when valid, else base64. */
export function encodeBody(body: Uint8Array): { text: string; encoding: 'utf8' | 'base64' } {
  const text = utf8TextOrNull(body);
  return text !== null ? { text, encoding: 'utf8' } : { text: Buffer.from(body).toString('base64'), encoding: 'base64' };
}

export function decodeBody(text: string, encoding: 'utf8' | 'base64'): Buffer {
  return Buffer.from(text, encoding);
}
