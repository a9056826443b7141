import type { Locator, Page } from '@playwright/test';

/** Settings → Sources, and the top bar's word on each source, as a user sees and drives them. */
export class SourcesSettings {
  readonly card: Locator;
  /** The top bar's health of the relay source. */
  readonly topBarHealth: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('settings-sources');
    this.topBarHealth = page.getByTestId('source-health');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
  }

  async connect(relay: { url: string; token: string; fingerprint: string | null }): Promise<void> {
    await this.card.getByTestId('settings-source-url').fill(relay.url);
    await this.card.getByTestId('settings-source-token').fill(relay.token);
    await this.card.getByTestId('settings-source-fingerprint').fill(relay.fingerprint ?? '');
    await this.card.getByTestId('settings-source-connect').click();
  }

  async disconnect(): Promise<void> {
    await this.card.getByTestId('settings-source-disconnect').click();
  }
}
