export type CallbackTarget = { url: URL; refused: null } | { url: null; refused: string };

/** The URL deliveries go to, or why none will: callback URLs are HTTPS (spec 2.5, 4.1). */
export function callbackTarget(callbackUrl: string, allowPlainHttp: boolean): CallbackTarget {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return { url: null, refused: `The callback URL ${JSON.stringify(callbackUrl)} is not a URL.` };
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && allowPlainHttp)) return { url, refused: null };
  if (url.protocol === 'http:') {
    return { url: null, refused: 'Callback URLs are HTTPS; plain http:// is refused unless allowPlainHttp is on (tests, tunnels).' };
  }
  return { url: null, refused: `The callback URL scheme ${url.protocol} is not HTTPS.` };
}
