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

/**
 * Opens this page again with another token (one the user pasted after theirs was refused): kept for the tab as the
 * first one was, never put in the address; only where storage is disabled does it travel as the first one did.
 */
export function openWithToken(token: string): void {
  if (writeStoredToken(token)) return window.location.reload();
  const url = new URL(window.location.href);
  url.searchParams.set('token', token);
  window.location.replace(url);
}

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string): boolean {
  try {
    window.sessionStorage.setItem(storageKey, token);
    return true;
  } catch {
    // Storage can be disabled; the token then lives for this page only.
    return false;
  }
}
