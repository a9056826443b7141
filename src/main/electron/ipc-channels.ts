/** The preload's native extras: one fixed channel per action (no generic passthrough). */
export const IPC_CHANNELS = {
  saveFile: 'inspector-native:save-file',
  revealInFolder: 'inspector-native:reveal-in-folder',
  openExternal: 'inspector-native:open-external',
  sharedInspector: 'inspector-native:shared-inspector',
  connectSharedInspector: 'inspector-native:connect-shared-inspector',
  useLocalInspector: 'inspector-native:use-local-inspector',
} as const;

/** What `window.inspectorNative` offers the renderer, when it runs in the desktop app. */
export interface InspectorNative {
  /** Asks where to save; resolves to the chosen path, or null when cancelled. */
  saveFile(suggestedName: string, contents: string | Uint8Array): Promise<string | null>;
  /** Shows a file this app saved in the OS file manager; false for any other path. */
  revealInFolder(path: string): Promise<boolean>;
  /** Opens an https: link in the default browser; false for any other URL. */
  openExternal(url: string): Promise<boolean>;
  /** The shared inspector the window shows (its origin), or null on the local one. Never the token. */
  sharedInspector(): Promise<{ origin: string } | null>;
  /** Keeps the address and token (with the OS keychain) and opens the window on that inspector. Only from the local one. */
  connectSharedInspector(address: string, token: string): Promise<void>;
  /** Forgets the shared inspector and opens the window on the local one again. */
  useLocalInspector(): Promise<void>;
}
