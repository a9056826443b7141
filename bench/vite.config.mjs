import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions, defineConfig } from 'vite';

// The benchmark's bundle (`npm run bench`): its runner, the store's writer threads (SQLite's and PostgreSQL's), which
// the inspector it starts finds beside it (src/main/core/store/common/built-file.ts), and the command line, whose `serve` the
// ingest benchmark measures as an operator runs it. Dependencies stay external.
const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  // The workspace packages (packages/*) are bundled from their TypeScript source.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  // The bundle is ES modules, where CommonJS's __dirname (the CLI's, to find the built UI) is import.meta's (Node ≥ 20.11).
  define: { __dirname: 'import.meta.dirname' },
  build: {
    ssr: true,
    outDir: 'node_modules/.cache/bench',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        run: resolve(here, 'run.ts'),
        'store-writer': resolve(here, '../src/main/core/store/sqlite/writer-thread/thread-main.ts'),
        'postgres-writer': resolve(here, '../src/main/core/store/postgres/writer-thread/thread-main.ts'),
        cli: resolve(here, '../src/main/cli.ts'),
      },
    },
  },
});
