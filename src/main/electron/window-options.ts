import type { BrowserWindowConstructorOptions } from 'electron';

export const BACKGROUND_DARK = '#1e1f22';
export const BACKGROUND_LIGHT = '#ffffff';

/** `iconPath`: the taskbar's and window switcher's icon on Linux and Windows (macOS takes the app bundle's). */
export function windowOptions(preloadPath: string, dark: boolean, iconPath: string): BrowserWindowConstructorOptions {
  return {
    icon: iconPath,
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Webhook Inspector',
    show: false,
    backgroundColor: dark ? BACKGROUND_DARK : BACKGROUND_LIGHT,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
