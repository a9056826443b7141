import { defineConfig } from '@playwright/test';
import { browserViewport, chromiumArgs, chromiumExecutable } from './test/support/chromium';
import { useMemoryTmpdir } from './test/support/memory-tmpdir';

useMemoryTmpdir();

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at once: a browser test mostly waits (on its served app, on the page).
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    viewport: browserViewport,
    trace: 'off',
  },
});
