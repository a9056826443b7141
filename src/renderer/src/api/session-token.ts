const storageKey = 'webhook-inspector.token';

let cachedToken: string | null | undefined;

/**
 * The control server's per-start token. It arrives once in `?token=`; we keep it in
 * sessionStorage (survives reload, not a new tab) and take it out of the visible URL
 * so that copying the address never shares it.
 */
export function sessionToken(): string | null {
  if (cachedToken !== undefined) return cachedToken;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    writeStoredToken(fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  cachedToken = fromUrl || readStoredToken();
  return cachedToken;
}

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string): void {
  try {
    window.sessionStorage.setItem(storageKey, token);
  } catch {
    // Storage can be disabled; the token then lives for this page only.
  }
}
