/** Pure rules of "Connect to a shared inspector" (no electron import, so unit tests run under plain Node). */
import type { SecretStore } from '../core/secret-store';

/** A team's shared inspector: its UI's origin and the user's own token for it. */
export interface SharedInspector {
  origin: string;
  token: string;
}

/** What the window shows: the local core's UI or a shared inspector's, with the token that opens it. */
export interface UiTarget {
  origin: string;
  url: string;
  /** The shared inspector's origin; null on the local one. */
  shared: string | null;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The origin of a shared inspector's address as typed: https://, or http:// only on this machine (a tunnel or
 * a proxy here), so that the token never crosses a network in the clear. Throws a readable reason otherwise.
 */
export function sharedInspectorOrigin(address: string): string {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new Error('The shared inspector\'s address is a URL such as https://inspector.example.com.');
  }
  if (url.username !== '' || url.password !== '') throw new Error('Give the token in its own field, not in the address.');
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return url.origin;
  throw new Error('A shared inspector is reached over https:// (http:// only on this machine), so that your token stays private.');
}

export function validToken(token: string): boolean {
  return /^[\x21-\x7e]{1,512}$/.test(token);
}

/** The window's target: the shared inspector when one is connected, else the local core. */
export function uiTarget(local: { uiOrigin: string; ui: string }, shared: SharedInspector | null): UiTarget {
  if (shared === null) return { origin: local.uiOrigin, url: local.ui, shared: null };
  return { origin: shared.origin, url: `${shared.origin}/?token=${encodeURIComponent(shared.token)}`, shared: shared.origin };
}

/** The connection kept between runs in one secret (the desktop's is encrypted with the OS keychain). */
export function sharedInspectorStore(secrets: SecretStore) {
  return {
    load(): SharedInspector | null {
      const text = secrets.load();
      if (text === null) return null;
      try {
        const { origin, token } = JSON.parse(text) as Partial<SharedInspector>;
        if (typeof origin !== 'string' || typeof token !== 'string' || !validToken(token)) return null;
        return { origin: sharedInspectorOrigin(origin), token };
      } catch {
        // Unreadable or no longer valid: behave as not connected, so the local inspector opens.
        return null;
      }
    },
    save(shared: SharedInspector | null): void {
      secrets.save(shared === null ? null : JSON.stringify(shared));
    },
  };
}

/**
 * Asks the shared inspector whether the token lets this user in, before the window goes there: a refused token
 * or an unreachable server is said in Settings instead of a page that cannot load.
 */
export async function checkSharedInspector(origin: string, token: string, timeoutMs = 10_000): Promise<void> {
  let answer: Response;
  try {
    answer = await fetch(`${origin}/rpc/status.get`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`The shared inspector at ${origin} cannot be reached (${(error as Error).message}).`);
  }
  await answer.body?.cancel();
  if (answer.status === 401) throw new Error(`The shared inspector at ${origin} does not accept this token (revoked, or for another server?).`);
  if (!answer.ok) throw new Error(`The shared inspector at ${origin} answered HTTP ${answer.status}; is this the inspector's address?`);
}
