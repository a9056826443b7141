import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export interface PageHeaders {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  pageItems: number;
}

/** The API browser, as a user sees and drives it. */
export class ApiPage {
  readonly view: Locator;
  readonly headers: Locator;
  readonly rows: Locator;
  readonly progress: Locator;
  readonly error: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('api-view');
    this.headers = page.getByTestId('api-headers');
    this.rows = page.getByTestId('api-row');
    this.progress = page.getByTestId('api-fetch-progress');
    this.error = page.getByTestId('api-error');
    this.form = page.getByTestId('payout-form');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-api').click();
    await expect(this.view).toBeVisible();
  }

  /** Picks the endpoint and waits for its page `page`. */
  async browse(endpoint: string, limit?: number): Promise<PageHeaders> {
    await this.page.getByTestId('api-endpoint').selectOption(endpoint);
    if (limit !== undefined) await this.page.getByTestId('api-limit').selectOption(String(limit));
    await expect(this.page).toHaveURL(new RegExp(`#${endpoint}`));
    return this.waitForPage(1);
  }

  /** Waits until the headers shown are those of `page`, and the rows those they announce. */
  async waitForPage(page: number): Promise<PageHeaders> {
    await expect(this.page.getByTestId('api-view').locator('section[data-loading="false"]')).toBeVisible();
    await expect(this.headers).toHaveAttribute('data-current-page', String(page));
    const headers = await this.readHeaders();
    await expect(this.rows).toHaveCount(headers.pageItems);
    return headers;
  }

  async readHeaders(): Promise<PageHeaders> {
    const read = async (name: string) => Number(await this.headers.getAttribute(`data-${name}`));
    return {
      currentPage: await read('current-page'),
      totalPages: await read('total-pages'),
      totalCount: await read('total-count'),
      pageItems: await read('page-items'),
    };
  }

  async jumpTo(page: number): Promise<void> {
    await this.page.getByTestId('api-page').fill(String(page));
    await this.page.getByTestId('api-page-jump').click();
  }

  async progressNumber(name: 'pages-done' | 'total-pages' | 'items'): Promise<number> {
    return Number(await this.progress.getAttribute(`data-${name}`));
  }

  /** Clicks an export button and returns the downloaded file's text. */
  async download(testId: 'api-export-json' | 'api-export-csv'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testId).click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
