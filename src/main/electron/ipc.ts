import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from './ipc-channels';
import { sharedInspectorOrigin, validToken } from './shared-inspector';
import { isAllowedExternalUrl, isTrustedSender } from './url-rules';

/** What the main process does for "Connect to a shared inspector": the window's target and its switch. */
export interface SharedInspectorSwitch {
  /** The shared inspector's origin the window shows; null on the local one. */
  current(): string | null;
  connect(origin: string, token: string): Promise<void>;
  useLocal(): Promise<void>;
}

type Channel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/** Every handler goes through here: a message from any frame but the UI's main frame is rejected. */
function handleFromUi(channel: Channel, uiOrigin: string, handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void {
  ipcMain.handle(channel, (event, ...args) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null }, uiOrigin)) {
      throw new Error(`${channel}: rejected, the sender is not the inspector UI`);
    }
    return handler(event, ...args);
  });
}

/** `uiOrigin`: the origin the window shows now (the local core's or a shared inspector's); only it is served. */
export function registerIpcHandlers(uiOrigin: string, shared: SharedInspectorSwitch): () => void {
  // Only files the user saved through us may be revealed, so the UI cannot probe the file system.
  const savedPaths = new Set<string>();

  handleFromUi(IPC_CHANNELS.saveFile, uiOrigin, async (event, suggestedName, contents) => {
    if (typeof suggestedName !== 'string' || !(typeof contents === 'string' || contents instanceof Uint8Array)) {
      throw new TypeError('saveFile(suggestedName: string, contents: string | Uint8Array)');
    }
    const options = { defaultPath: join(app.getPath('downloads'), basename(suggestedName) || 'export') };
    const owner = BrowserWindow.fromWebContents(event.sender);
    const choice = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return null;
    await writeFile(choice.filePath, contents);
    savedPaths.add(choice.filePath);
    return choice.filePath;
  });

  handleFromUi(IPC_CHANNELS.revealInFolder, uiOrigin, (_event, path) => {
    if (typeof path !== 'string' || !savedPaths.has(path)) return false;
    shell.showItemInFolder(path);
    return true;
  });

  handleFromUi(IPC_CHANNELS.openExternal, uiOrigin, async (_event, url) => {
    if (typeof url !== 'string' || !isAllowedExternalUrl(url)) return false;
    await shell.openExternal(url);
    return true;
  });

  handleFromUi(IPC_CHANNELS.sharedInspector, uiOrigin, () => {
    const origin = shared.current();
    return origin === null ? null : { origin };
  });

  // Only the local inspector's page may point the window elsewhere: a shared one cannot send it on to a third.
  handleFromUi(IPC_CHANNELS.connectSharedInspector, uiOrigin, async (_event, address, token) => {
    if (shared.current() !== null) throw new Error('Connect to a shared inspector from the local one (go back to it first).');
    if (typeof address !== 'string' || typeof token !== 'string') throw new TypeError('connectSharedInspector(address: string, token: string)');
    // The messages name the rule broken, never the token.
    if (!validToken(token.trim())) throw new Error('The token is the one `serve user create` printed (wit_…).');
    await shared.connect(sharedInspectorOrigin(address), token.trim());
  });

  handleFromUi(IPC_CHANNELS.useLocalInspector, uiOrigin, () => shared.useLocal());

  return () => Object.values(IPC_CHANNELS).forEach((channel) => ipcMain.removeHandler(channel));
}
