const signatureHeader = 'x-service-signature';

/** The headers with X-Service-Signature set to `value` (in place of the first one, or appended), or removed when null. */
export function withSignature(headers: ReadonlyArray<readonly [string, string]>, value: string | null): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  let placed = false;
  for (const [name, current] of headers) {
    if (name.toLowerCase() !== signatureHeader) result.push([name, current]);
    else if (value !== null && !placed) {
      result.push([name, value]);
      placed = true;
    }
  }
  if (value !== null && !placed) result.push(['X-Service-Signature', value]);
  return result;
}

/**
 * Content-Length says the length of the bytes written: redaction may change it, and a body cut at the limit
 * (or cut short by its sender) is shorter than announced, which `bodyTruncated` and the answer's reason keep.
 */
export function withContentLength(headers: Array<[string, string]>, length: number): Array<[string, string]> {
  return headers.map(([name, value]) => (name.toLowerCase() === 'content-length' ? [name, String(length)] : [name, value]));
}

export function signatureOf(headers: ReadonlyArray<readonly [string, string]>): string | null {
  return headers.find(([name]) => name.toLowerCase() === signatureHeader)?.[1] ?? null;
}
