import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { browserViewport } from '../support/chromium';
import { pngColourCount, pngSize } from '../support/png';
import { expect, test } from './fixtures';

/** Set to 1 to write the docs' pictures (`npm run docs:screenshots`); otherwise they are only checked. */
export const updateDocsPictures = process.env.UPDATE_DOCS === '1';

/**
 * Takes one of the docs' pictures (`docs/<name>`) of the page as it is: written to the test's output folder
 * (test-results/) and checked to be a whole, drawn window; written over the tracked file only when asked
 * (UPDATE_DOCS=1), so an ordinary run leaves the checkout as it was.
 */
export async function docsPicture(page: Page, name: string): Promise<void> {
  const picture = await page.screenshot({ path: test.info().outputPath(name) });
  expect(pngSize(picture), `${name}: the size of the window`).toEqual(browserViewport);
  // A page drawn with its text and badges has hundreds of colours; a blank or half-loaded one a handful.
  expect(pngColourCount(picture), `${name}: colours drawn`).toBeGreaterThan(64);
  if (updateDocsPictures) writeFileSync(resolve(__dirname, '../../docs', name), picture);
}
