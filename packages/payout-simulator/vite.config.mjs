import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions, defineConfig } from 'vite';

// The package's artifact (`npm run build -w payout-simulator`, run by `npm pack`): the library and its program in
// dist/. The private workspace packages it uses are bundled from their source; its dependencies stay external.
const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
    noExternal: [/^@webhook-inspector\//],
  },
  build: {
    ssr: true,
    outDir: resolve(here, 'dist'),
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      input: {
        index: resolve(here, 'src/index.ts'),
        command: resolve(here, 'src/simulate-command.ts'),
        names: resolve(here, 'src/names.ts'),
        cli: resolve(here, 'src/cli.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
