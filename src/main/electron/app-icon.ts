import { join } from 'node:path';

/** The window's icon: resources/icons/ at the repository's top, two levels above the built main process (out/main). */
export function appIconPath(builtMainDir: string): string {
  return join(builtMainDir, '..', '..', 'resources', 'icons', '256x256.png');
}
