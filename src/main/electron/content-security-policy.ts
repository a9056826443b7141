import type { Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

export { CONTENT_SECURITY_POLICY };

/** Replaces any CSP header on the UI's responses with ours, so the window is strict even if the server's header changes. */
export function applyContentSecurityPolicy(session: Session, uiOrigin: string): void {
  session.webRequest.onHeadersReceived({ urls: [`${uiOrigin}/*`] }, (details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}
