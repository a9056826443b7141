import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './test/support/memory-tmpdir';

useMemoryTmpdir();

// The workspace packages (packages/*) are run from their TypeScript source: their exports' `source` condition.
const sourceFirst = { conditions: ['source', ...defaultServerConditions] };
const fromSource = { ssr: { resolve: sourceFirst } };

export default defineConfig({
  test: {
    projects: [
      {
        ...fromSource,
        // The packages' own tests (packages/<name>/test) run here too, and alone with `npm test -w <name>`.
        // The deadline only stops a hung test: on a busy machine a property test or a lint run takes seconds.
        // Two workers: vitest's default (one fewer than the cores) would leave one of CI's two cores idle.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'packages/*/test/**/*.test.ts'], environment: 'node', testTimeout: 30_000, maxWorkers: 2 },
      },
      {
        ...fromSource,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // The files of a worker share its loaded modules: importing the core again for each file cost a sixth of
          // the suite's CPU. No file patches a module it shares (vi.mock is used by unit tests only).
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        ...fromSource,
        // Long, bounded suites (crash loops, hostile traffic, storage growth): `npm run test:soak`, run by CI.
        test: {
          name: 'soak',
          include: ['test/soak/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
