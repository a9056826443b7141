import { nativeExtras } from '../../api/native-extras';

/**
 * What became of an export saved as a file: where the desktop saved it, that its save dialog was cancelled, or
 * that the browser downloaded it (`what` says more of the download, e.g. " (the fixtures folder as a .tar.gz)").
 */
export function savedLine({ name, path }: { name: string; path: string | null }, what = ''): string {
  if (path) return `Saved ${name} to ${path}.`;
  return typeof nativeExtras().saveFile === 'function' ? 'Not saved.' : `Downloaded ${name}${what}.`;
}
