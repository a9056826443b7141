import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One package's own tests, alone (`npm test -w <name>`, from the package's folder): the root's vitest runs them with
// the workspace packages resolved from their TypeScript source, as the root's unit project does.
export default defineConfig({
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: { include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
