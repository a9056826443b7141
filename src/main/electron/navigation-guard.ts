import { shell } from 'electron';
import type { WebContents } from 'electron';
import { isAllowedExternalUrl, isOnOrigin } from './url-rules';

/** The window only ever shows the UI: no new windows, no navigation away, no webviews. */
export function guardNavigation(contents: WebContents, uiOrigin: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  const stayOnUi = (event: { preventDefault(): void }, url: string) => {
    if (!isOnOrigin(url, uiOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => stayOnUi(event, event.url));
  contents.on('will-redirect', (event) => stayOnUi(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
