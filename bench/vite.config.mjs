import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions, defineConfig } from 'vite';

// The benchmark's bundle (`npm run bench`): its runner, and the store's writer thread, which the inspector it
// starts finds beside it (src/main/core/store/sqlite/writer-thread/thread-file.ts). Dependencies stay external.
const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  // The workspace packages (packages/*) are bundled from their TypeScript source.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    ssr: true,
    outDir: 'node_modules/.cache/bench',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        run: resolve(here, 'run.ts'),
        'store-writer': resolve(here, '../src/main/core/store/sqlite/writer-thread/thread-main.ts'),
      },
    },
  },
});
