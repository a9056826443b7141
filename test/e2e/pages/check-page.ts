import { expect, type Locator, type Page } from '@playwright/test';

/** The Check view: the run form, the run's facts, its cases and the open case. */
export class CheckPage {
  readonly view: Locator;
  readonly run: Locator;
  readonly rows: Locator;
  readonly changedRows: Locator;
  readonly groups: Locator;
  readonly detail: Locator;
  /** The stored deliveries the next run also sends. */
  readonly storedItems: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('check-view');
    this.run = this.view.getByTestId('check-run');
    this.rows = this.view.getByTestId('check-row');
    this.changedRows = this.view.locator('[data-testid="check-row"][data-changed="true"]');
    this.groups = this.view.getByTestId('check-group');
    this.detail = page.getByTestId('check-case-detail');
    this.storedItems = this.view.getByTestId('check-stored-item');
  }

  async open(uiUrl: string): Promise<void> {
    await this.page.goto(uiUrl);
    await this.page.getByTestId('nav-check').click();
    await expect(this.view).toBeVisible();
  }

  /** Starts a run against `url` and waits until it is the one shown. */
  async start(url: string): Promise<void> {
    const before = (await this.run.count()) > 0 ? await this.run.getAttribute('data-run') : null;
    await this.view.getByTestId('check-target').fill(url);
    await this.view.getByTestId('check-start').click();
    if (before !== null) await expect(this.run).not.toHaveAttribute('data-run', before);
    await expect(this.run).toBeVisible();
  }

  /** Adds stored deliveries as a user types them ("12, 40"). */
  async addStored(ids: string): Promise<void> {
    await this.view.getByTestId('check-stored-input').fill(ids);
    await this.view.getByTestId('check-stored-add').click();
  }

  storedItem(id: number): Locator {
    return this.view.locator(`[data-testid="check-stored-item"][data-id="${id}"]`);
  }

  async finished(): Promise<void> {
    await expect(this.run).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  }

  async openCase(title: string): Promise<void> {
    await this.rows.filter({ hasText: title }).click();
    await expect(this.detail).toBeVisible();
  }
}
