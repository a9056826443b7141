import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A better-sqlite3 binary built for Electron's ABI (the Node build in node_modules does not load here), if one exists:
 * a packaged app keeps it in its resources, `npm start` builds it into out/native/electron.
 */
export function findElectronSqliteBinding(): string | undefined {
  const candidates = [join(__dirname, '..', 'native', 'electron', 'better_sqlite3.node')];
  if (process.resourcesPath) candidates.unshift(join(process.resourcesPath, 'native', 'better_sqlite3.node'));
  return candidates.find((path) => existsSync(path));
}
