import type { OptionFields } from './replay-fields';

/**
 * The target a replay form starts from: the last one sent to this session, and whether the user accepted its
 * self-signed certificate (asked per target, remembered for the session only).
 */

const urlKey = 'webhook-inspector.replay-url';
/** Targets whose self-signed certificate the user accepted this session (origins). */
const selfSignedOrigins = new Set<string>();

/** A new form: the target last used this session, everything else as the service sent it. */
export function freshOptionFields(): OptionFields {
  const url = rememberedUrl();
  return { url, signing: 'keep', secret: '', deliveryHeader: 'keep', timestampHeader: 'keep', allowSelfSigned: selfSignedAccepted(url) };
}

function rememberedUrl(): string {
  try {
    return window.sessionStorage.getItem(urlKey) ?? '';
  } catch {
    return '';
  }
}

/** Whether the user accepted this target's self-signed certificate before, this session. */
export function selfSignedAccepted(url: string): boolean {
  return selfSignedOrigins.has(originOf(url) ?? '');
}

/** Called once a replay was sent: the next form (and the next delivery's) starts from this target. */
export function rememberTarget(options: { url: string; allowSelfSigned: boolean }): void {
  try {
    window.sessionStorage.setItem(urlKey, options.url);
  } catch {
    // Storage refused (private mode): the form just starts empty next time.
  }
  const origin = originOf(options.url);
  if (origin === null) return;
  if (options.allowSelfSigned) selfSignedOrigins.add(origin);
  else selfSignedOrigins.delete(origin);
}

function originOf(text: string): string | null {
  return URL.parse(text.trim())?.origin ?? null;
}
