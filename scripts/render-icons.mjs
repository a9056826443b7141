// Renders resources/icon.svg to the PNG sizes the desktop needs (resources/icons/NxN.png), with Debian's
// Chromium (CHROMIUM_PATH to use another) as the browser tests do: `node scripts/render-icons.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sizes = [16, 32, 256, 512];
const svg = readFileSync(join(root, 'resources', 'icon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const size of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${image}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img) => img.decode());
    const file = join(root, 'resources', 'icons', `${size}x${size}.png`);
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(file);
  }
} finally {
  await browser.close();
}
