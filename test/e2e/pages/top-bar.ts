import type { Locator, Page } from '@playwright/test';

/** The top bar's facts, as a user reads them. */
export class TopBar {
  readonly storeLine: Locator;

  constructor(readonly page: Page) {
    this.storeLine = page.getByTestId('retention-summary');
  }

  /** The deliveries the Store line says are kept, read once ("Store 3 deliveries, 2.1 KB"). */
  async storedCount(): Promise<number> {
    const text = (await this.storeLine.textContent()) ?? '';
    const count = /([\d,]+) deliver(?:y|ies)/.exec(text)?.[1];
    if (count === undefined) throw new Error(`no delivery count in the Store line: ${JSON.stringify(text)}`);
    return Number(count.replaceAll(',', ''));
  }
}
