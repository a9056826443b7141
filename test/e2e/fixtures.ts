import { rmSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { spawnServe } from '../support/cli-process';
import { tempDataDir } from '../support/temp-dir';
import { post } from '../support/https-client';
import { DeliveriesPage } from './pages/deliveries-page';

export interface Inspector {
  uiUrl: string;
  receiverUrl: string;
  /** The served app's data dir (its store is inspector.sqlite3). */
  dataDir: string;
  /** POSTs exact bytes to the receiver over HTTPS, as the service would. */
  deliver(path: string, body: Buffer, headers: Record<string, string>): Promise<number>;
}

/** Each test gets the built app served by `serve` on ephemeral ports, in its own data dir. */
export const test = base.extend<{
  inspector: Inspector;
  deliveriesPage: DeliveriesPage;
  secret: string | null;
  simulator: boolean;
}>({
  secret: [null, { option: true }],
  /** The embedded simulator runs in the app by default; most tests send their own deliveries instead. */
  simulator: [false, { option: true }],
  inspector: async ({ secret, simulator }, use) => {
    const dataDir = tempDataDir();
    const serve = await spawnServe([
      '--data-dir', dataDir, '--port', '0', '--ui-port', '0',
      ...(secret === null ? [] : ['--secret', secret]),
      ...(simulator ? [] : ['--no-simulator']),
    ]);
    const receiverUrl = serve.lines['Receiver (HTTPS)']!;
    await use({
      uiUrl: serve.lines.UI!,
      receiverUrl,
      dataDir,
      async deliver(path, body, headers) {
        const answer = await post(`${receiverUrl}${path}`, body, headers);
        return answer.status;
      },
    });
    serve.child.kill('SIGTERM');
    await serve.exited;
    rmSync(dataDir, { recursive: true, force: true });
  },
  deliveriesPage: async ({ page, inspector }, use) => {
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(inspector.uiUrl);
    await use(deliveries);
  },
});

export { expect } from '@playwright/test';
