import { homedir } from 'node:os';
import { join } from 'node:path';

/** The same folder the desktop app uses as its user-data dir, so both see one store. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const name = 'webhook-inspector';
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', name);
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), name);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), name);
}
