import { expect, type Locator, type Page } from '@playwright/test';

/** The detail pane's Replay section and the replay history under it. */
export class ReplayPanel {
  readonly panel: Locator;
  readonly result: Locator;
  readonly history: Locator;
  readonly historyRows: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('replay-panel');
    this.result = this.panel.getByTestId('replay-result');
    this.history = page.getByTestId('replay-history');
    this.historyRows = this.history.getByTestId('replay-history-row');
  }

  async keepSigning(url: string): Promise<void> {
    await this.panel.getByTestId('replay-url').fill(url);
    await this.panel.getByTestId('replay-signing').selectOption('keep');
  }

  async resign(url: string, secret: string): Promise<void> {
    await this.panel.getByTestId('replay-url').fill(url);
    await this.panel.getByTestId('replay-signing').selectOption('resign');
    await this.panel.getByTestId('replay-secret').fill(secret);
  }

  /** Sends and waits until the answer is shown (the previous one is cleared while sending). */
  async send(): Promise<void> {
    const button = this.panel.getByTestId('replay-send');
    await button.click();
    await expect(button).toBeEnabled();
    await expect(this.result).toBeVisible();
  }
}
