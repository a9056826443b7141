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
