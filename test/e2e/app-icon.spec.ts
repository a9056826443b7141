import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';

const icon = readFileSync(resolve(__dirname, '../../resources/icon.svg'));

test('the served UI names the app icon as its favicon, and the page can load it under its CSP', async ({ page, inspector }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(inspector.uiUrl);
  const href = new URL((await page.locator('link[rel="icon"]').getAttribute('href'))!, page.url()).href;
  expect(new URL(href).origin).toBe(new URL(inspector.uiUrl).origin);
  // Fetched by the page itself, and drawn as an image, as the tab's icon is: both under the page's CSP.
  const fetched = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
  }, href);
  expect(fetched.status).toBe(200);
  expect(fetched.type).toBe('image/svg+xml');
  expect(Buffer.from(fetched.bytes).equals(icon)).toBe(true);
  // Written as the page's own script (the DOM's Image is not in this file's types).
  const drawn = (await page.evaluate(
    `(async () => { const image = new Image(); image.src = ${JSON.stringify(href)}; await image.decode(); return { width: image.naturalWidth, height: image.naturalHeight }; })()`,
  )) as { width: number; height: number };
  expect(drawn.width).toBeGreaterThan(0);
  expect(drawn.height).toBeGreaterThan(0);
  expect(cspViolations).toEqual([]);
});
