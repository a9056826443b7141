/**
 * Extras the desktop preload may expose on `window.inspectorNative`, one function per
 * action (the shape of src/main/electron/ipc-channels.ts, declared here as optional).
 * In a plain browser none exist: every use feature-detects and has a fallback.
 */
export interface InspectorNative {
  /** Asks where to save; resolves to the chosen path, or null when cancelled. */
  saveFile?: (suggestedName: string, contents: string | Uint8Array) => Promise<string | null>;
  /** Shows a file this app saved in the OS file manager; false for any other path. */
  revealInFolder?: (path: string) => Promise<boolean>;
  /** Opens an https: link in the default browser; false for any other URL. */
  openExternal?: (url: string) => Promise<boolean>;
  /** The shared inspector the window shows (its origin), or null on the local one. */
  sharedInspector?: () => Promise<{ origin: string } | null>;
  /** Keeps address and token with the OS keychain and opens the window on that inspector (only from the local one). */
  connectSharedInspector?: (address: string, token: string) => Promise<void>;
  /** Forgets the shared inspector and opens the window on the local one. */
  useLocalInspector?: () => Promise<void>;
}

declare global {
  interface Window {
    inspectorNative?: InspectorNative;
  }
}

export function nativeExtras(): InspectorNative {
  return window.inspectorNative ?? {};
}

/**
 * Save bytes through the desktop's save dialog when there is one, else as a browser
 * download. Resolves with the saved path when the desktop reports one.
 */
export async function saveBytes(suggestedName: string, data: Uint8Array, mimeType: string): Promise<string | null> {
  const { saveFile } = nativeExtras();
  if (typeof saveFile === 'function') return saveFile(suggestedName, data);
  const url = URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/** The reason a desktop action gave, without Electron's "Error invoking remote method '…': Error:" wrapping. */
export function nativeErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}
