import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS } from '../main/electron/ipc-channels';
import type { InspectorNative } from '../main/electron/ipc-channels';

// One function per action on its own channel; the renderer never gets ipcRenderer itself.
const inspectorNative: InspectorNative = {
  saveFile: (suggestedName, contents) => ipcRenderer.invoke(IPC_CHANNELS.saveFile, suggestedName, contents),
  revealInFolder: (path) => ipcRenderer.invoke(IPC_CHANNELS.revealInFolder, path),
  openExternal: (url) => ipcRenderer.invoke(IPC_CHANNELS.openExternal, url),
  sharedInspector: () => ipcRenderer.invoke(IPC_CHANNELS.sharedInspector),
  connectSharedInspector: (address, token) => ipcRenderer.invoke(IPC_CHANNELS.connectSharedInspector, address, token),
  useLocalInspector: () => ipcRenderer.invoke(IPC_CHANNELS.useLocalInspector),
};

contextBridge.exposeInMainWorld('inspectorNative', inspectorNative);
