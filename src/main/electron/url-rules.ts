/** Pure URL rules of the shell (no electron import, so unit tests run under plain Node). */

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isOnOrigin(url: string, origin: string): boolean {
  const actual = originOf(url);
  return actual !== null && actual !== 'null' && actual === originOf(origin);
}

export interface SenderFrame {
  url: string;
  isMainFrame: boolean;
}

/** An IPC message is trusted only from the UI's own main frame (not an iframe, not a frame gone away). */
export function isTrustedSender(frame: SenderFrame | null, uiOrigin: string): boolean {
  return frame !== null && frame.isMainFrame && isOnOrigin(frame.url, uiOrigin);
}

export function isAllowedExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}
