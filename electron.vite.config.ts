import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/** package.json's bin runs out/main/cli.js as a program (shebang and mode), so every build leaves it executable. */
const executableCli = {
  name: 'executable-cli',
  writeBundle(options: { dir?: string }, bundle: Record<string, unknown>) {
    if (options.dir && 'cli.js' in bundle) chmodSync(resolve(options.dir, 'cli.js'), 0o755);
  },
};

// main has four entries: the Electron shell and the plain-Node CLI, which both call startCore, and the store's
// writer threads that startCore starts, SQLite's and PostgreSQL's (found beside them: store/common/built-file.ts).
export default defineConfig({
  main: {
    plugins: [executableCli],
    // The workspace packages (packages/*) are bundled from their TypeScript source: their exports' `source` condition.
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          cli: resolve(__dirname, 'src/main/cli.ts'),
          'store-writer': resolve(__dirname, 'src/main/core/store/sqlite/writer-thread/thread-main.ts'),
          'postgres-writer': resolve(__dirname, 'src/main/core/store/postgres/writer-thread/thread-main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // The contract (src/shared) and the UI take the simulator's names from payout-simulator/names, from source.
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
