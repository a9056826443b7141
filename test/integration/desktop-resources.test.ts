import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../support/png';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const entryFile = join(root, 'resources', 'webhook-inspector.desktop');
const sizes = [16, 32, 256, 512];

/** The keys of a desktop entry's [Desktop Entry] group (comments and other groups aside). */
function desktopEntry(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  let group = '';
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) group = header[1]!;
    else if (group === 'Desktop Entry') keys.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1));
  }
  return keys;
}

// desktop-file-utils (Debian) is installed by .ci/run; its validator is the reference for the format.
function validate(file: string): { status: number | null; output: string } {
  const result = spawnSync('desktop-file-validate', [file], { encoding: 'utf8' });
  if (result.error) throw new Error('desktop-file-validate is missing: apt-get install desktop-file-utils');
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the desktop resources', () => {
  it('the icon is an SVG with PNG renderings at the sizes the desktop uses', () => {
    expect(readFileSync(join(root, 'resources', 'icon.svg'), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/);
    for (const size of sizes) expect(pngSize(readFileSync(join(root, 'resources', 'icons', `${size}x${size}.png`)))).toEqual({ width: size, height: size });
  });

  it('the desktop entry has the keys an application needs, and desktop-file-validate finds nothing to say', () => {
    const keys = desktopEntry(readFileSync(entryFile, 'utf8'));
    expect(Object.fromEntries(['Type', 'Name', 'Exec', 'Icon', 'Terminal'].map((k) => [k, keys.get(k)]))).toEqual({
      Type: 'Application',
      Name: 'Webhook Inspector',
      Exec: 'npm start',
      Icon: 'webhook-inspector',
      Terminal: 'false',
    });
    expect(keys.get('Categories')).toMatch(/^Development;/);
    expect(validate(entryFile)).toEqual({ status: 0, output: '' });
  });

  it('scripts/install-desktop-entry.mjs installs it for this clone (Path=) with its icon at every size', async () => {
    const dataHome = mkdtempSync(join(tmpdir(), 'xdg-data-'));
    const { stdout } = await run(process.execPath, [join(root, 'scripts', 'install-desktop-entry.mjs')], { env: { ...process.env, XDG_DATA_HOME: dataHome } });
    const installed = join(dataHome, 'applications', 'webhook-inspector.desktop');
    expect(stdout.trim()).toBe(installed);
    expect(validate(installed)).toEqual({ status: 0, output: '' });
    const keys = desktopEntry(readFileSync(installed, 'utf8'));
    expect(keys.get('Path')).toBe(root);
    expect(keys.get('Exec')).toBe('npm start');
    for (const size of sizes) {
      expect(pngSize(readFileSync(join(dataHome, 'icons', 'hicolor', `${size}x${size}`, 'apps', 'webhook-inspector.png')))).toEqual({ width: size, height: size });
    }
    expect(readFileSync(join(dataHome, 'icons', 'hicolor', 'scalable', 'apps', 'webhook-inspector.svg'))).toEqual(readFileSync(join(root, 'resources', 'icon.svg')));
  });
});
