// Linux: puts Webhook Inspector in the desktop's application menu for this user, run from this clone
// (`npm start` in it): resources/webhook-inspector.desktop with Path= set to the clone, and the icon at
// each size under the user's hicolor icon theme. `node scripts/install-desktop-entry.mjs`; XDG_DATA_HOME is honoured.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resources = join(root, 'resources');
const dataHome = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
const name = 'webhook-inspector';

const icons = join(dataHome, 'icons', 'hicolor');
for (const size of [16, 32, 256, 512]) {
  const dir = join(icons, `${size}x${size}`, 'apps');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(resources, 'icons', `${size}x${size}.png`), join(dir, `${name}.png`));
}
mkdirSync(join(icons, 'scalable', 'apps'), { recursive: true });
copyFileSync(join(resources, 'icon.svg'), join(icons, 'scalable', 'apps', `${name}.svg`));

// A desktop entry's values escape \ as \\ (and a line break as \n); Path= is where Exec (npm start) runs.
const path = root.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const entry = readFileSync(join(resources, `${name}.desktop`), 'utf8').replace(/^Exec=.*$/m, (exec) => `${exec}\nPath=${path}`);
const applications = join(dataHome, 'applications');
mkdirSync(applications, { recursive: true });
writeFileSync(join(applications, `${name}.desktop`), entry);
console.log(join(applications, `${name}.desktop`));
