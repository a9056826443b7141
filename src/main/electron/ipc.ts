import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from './ipc-channels';
import { isAllowedExternalUrl, isTrustedSender } from './url-rules';

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

export function registerIpcHandlers(uiOrigin: string): () => void {
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

  return () => Object.values(IPC_CHANNELS).forEach((channel) => ipcMain.removeHandler(channel));
}
