import { join } from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, session } from 'electron';
import { startCore } from './core/start-core';
import type { Core } from './core/core-options';
import { applyContentSecurityPolicy } from './electron/content-security-policy';
import { registerIpcHandlers } from './electron/ipc';
import { findElectronSqliteBinding } from './electron/native-binding';
import { guardNavigation } from './electron/navigation-guard';
import { denyPermissions } from './electron/permissions';
import { createSafeStorageSecretStore } from './electron/safe-storage-secret-store';
import { BACKGROUND_DARK, BACKGROUND_LIGHT, windowOptions } from './electron/window-options';

const log = (line: string) => console.log(`[inspector] ${line}`);
let core: Core | undefined;
let window: BrowserWindow | undefined;

function openWindow(ui: Core['urls']): void {
  window = new BrowserWindow(windowOptions(join(__dirname, '../preload/index.js'), nativeTheme.shouldUseDarkColors));
  guardNavigation(window.webContents, ui.uiOrigin);
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => (window = undefined));
  void window.loadURL(ui.ui);
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const started = await startCore({
    dataDir,
    secretStore: createSafeStorageSecretStore(join(dataDir, 'signing-secret.json')),
    apiTokenStore: createSafeStorageSecretStore(join(dataDir, 'api-token.json')),
    relayTokenStore: createSafeStorageSecretStore(join(dataDir, 'relay-token.json')),
    nativeBinding: findElectronSqliteBinding(),
    rendererDir: join(__dirname, '../renderer'),
    log,
  });
  core = started;
  const { uiOrigin } = started.urls;
  applyContentSecurityPolicy(session.defaultSession, uiOrigin);
  denyPermissions(session.defaultSession, uiOrigin);
  registerIpcHandlers(uiOrigin);
  nativeTheme.on('updated', () =>
    window?.setBackgroundColor(nativeTheme.shouldUseDarkColors ? BACKGROUND_DARK : BACKGROUND_LIGHT),
  );
  openWindow(started.urls);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (!window && core) openWindow(core.urls);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Hold the quit until the core has flushed and closed its database and servers.
  let closing = false;
  app.on('will-quit', (event) => {
    if (!core) return;
    event.preventDefault();
    if (closing) return;
    closing = true;
    core.close().then(
      () => app.exit(0),
      (error: unknown) => {
        log(`close failed: ${String(error)}`);
        app.exit(1);
      },
    );
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.whenReady().then(start).catch((error: unknown) => {
    dialog.showErrorBox('Webhook Inspector could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
