import type { Session } from 'electron';
import { isOnOrigin } from './url-rules';

/** The UI needs no device, notification or location access; only clipboard writes for its copy buttons. */
export function denyPermissions(session: Session, uiOrigin: string): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(permission === 'clipboard-sanitized-write' && isOnOrigin(details.requestingUrl, uiOrigin));
  });
  session.setPermissionCheckHandler(
    (_webContents, permission, requestingOrigin) =>
      permission === 'clipboard-sanitized-write' && isOnOrigin(requestingOrigin, uiOrigin),
  );
}
