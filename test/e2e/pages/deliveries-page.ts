import { expect, type Locator, type Page } from '@playwright/test';

/** The Deliveries view, as a user sees and drives it. */
export class DeliveriesPage {
  readonly rows: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('delivery-row');
    this.detail = page.getByTestId('detail-pane');
  }

  async open(uiUrl: string): Promise<void> {
    await this.page.goto(uiUrl);
    // A served app on a large store, on a busy machine, may take a while to answer its first reads.
    await expect(this.page.getByTestId('live-indicator')).toContainText(/live/i, { timeout: 30_000 });
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="delivery-row"][data-id="${id}"]`);
  }

  badge(row: Locator): Locator {
    return row.getByTestId('signature-badge');
  }

  async select(row: Locator): Promise<void> {
    await row.click();
    await expect(this.detail).toBeVisible();
  }

  async filterText(text: string): Promise<void> {
    await this.page.getByTestId('filter-text').fill(text);
  }

  async filterSignature(verdict: string): Promise<void> {
    await this.page.getByTestId('filter-signature').selectOption(verdict);
  }

  async filterEvent(event: string): Promise<void> {
    await this.page.getByTestId('filter-event').selectOption(event);
  }
}
