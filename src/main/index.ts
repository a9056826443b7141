import { join } from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, session } from 'electron';
import { humanLogger } from './core/logger';
import { startCore } from './core/start-core';
import type { Core } from './core/core-options';
import { appIconPath } from './electron/app-icon';
import { applyContentSecurityPolicy } from './electron/content-security-policy';
import { registerIpcHandlers, type SharedInspectorSwitch } from './electron/ipc';
import { findElectronSqliteBinding } from './electron/native-binding';
import { guardNavigation } from './electron/navigation-guard';
import { denyPermissions } from './electron/permissions';
import { createSafeStorageSecretStore } from './electron/safe-storage-secret-store';
import { checkSharedInspector, sharedInspectorStore, uiTarget, type SharedInspector, type UiTarget } from './electron/shared-inspector';
import { BACKGROUND_DARK, BACKGROUND_LIGHT, windowOptions } from './electron/window-options';

const log = (line: string) => console.log(`[inspector] ${line}`);
let core: Core | undefined;
let window: BrowserWindow | undefined;
let unregisterIpc: (() => void) | undefined;
/** The shared inspector the window shows this run; null for the local core's UI. */
let shared: SharedInspector | null = null;
let sharedStore: ReturnType<typeof sharedInspectorStore> | undefined;

function openWindow(target: UiTarget): void {
  const opened = new BrowserWindow(windowOptions(join(__dirname, '../preload/index.js'), nativeTheme.shouldUseDarkColors, appIconPath(__dirname)));
  window = opened;
  guardNavigation(window.webContents, target.origin);
  if (target.shared !== null) fallBackToLocalWhenUnreachable(opened, target.shared);
  window.once('ready-to-show', () => opened.show());
  window.on('closed', () => {
    if (window === opened) window = undefined;
  });
  void window.loadURL(target.url);
}

/** Points the session's rules and the IPC handlers at the target's origin, then opens the window on it in place of the last. */
function showUi(target: UiTarget): void {
  applyContentSecurityPolicy(session.defaultSession, target.origin);
  denyPermissions(session.defaultSession, target.origin);
  unregisterIpc?.();
  unregisterIpc = registerIpcHandlers(target.origin, sharedSwitch);
  const previous = window;
  openWindow(target);
  previous?.destroy();
}

function currentTarget(): UiTarget {
  if (!core) throw new Error('the core has not started');
  return uiTarget(core.urls, shared);
}

/** A shared inspector that cannot be reached leaves the user on the local one (still saved: the next start tries again). */
function fallBackToLocalWhenUnreachable(opened: BrowserWindow, origin: string): void {
  opened.webContents.on('did-fail-load', (_event, _code, description, _url, isMainFrame) => {
    if (!isMainFrame || window !== opened) return;
    shared = null;
    showUi(currentTarget());
    void dialog.showMessageBox({ type: 'warning', message: `The shared inspector at ${origin} could not be opened (${description}); this is the local one.` });
  });
}

const sharedSwitch: SharedInspectorSwitch = {
  current: () => shared?.origin ?? null,
  async connect(origin, token) {
    await checkSharedInspector(origin, token);
    shared = { origin, token };
    sharedStore?.save(shared);
    showUi(currentTarget());
  },
  async useLocal() {
    shared = null;
    sharedStore?.save(null);
    showUi(currentTarget());
  },
};

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const started = await startCore({
    dataDir,
    secretStore: createSafeStorageSecretStore(join(dataDir, 'signing-secret.json')),
    apiTokenStore: createSafeStorageSecretStore(join(dataDir, 'api-token.json')),
    relayTokenStore: createSafeStorageSecretStore(join(dataDir, 'relay-token.json')),
    nativeBinding: findElectronSqliteBinding(),
    rendererDir: join(__dirname, '../renderer'),
    logger: humanLogger(log),
  });
  core = started;
  sharedStore = sharedInspectorStore(createSafeStorageSecretStore(join(dataDir, 'shared-inspector.json')));
  shared = sharedStore.load();
  nativeTheme.on('updated', () =>
    window?.setBackgroundColor(nativeTheme.shouldUseDarkColors ? BACKGROUND_DARK : BACKGROUND_LIGHT),
  );
  showUi(currentTarget());
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
    if (!window && core) showUi(currentTarget());
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
