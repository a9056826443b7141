import { defineConfig } from '@playwright/test';
import { browserViewport, chromiumArgs, chromiumExecutable } from './test/support/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    viewport: browserViewport,
    trace: 'off',
  },
});
