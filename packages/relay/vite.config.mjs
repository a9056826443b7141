import { chmodSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions, defineConfig } from 'vite';

// The relay's artifact (`npm pack`): its program and its entry, for Node. The workspace packages it uses
// (@webhook-inspector/capture, command-line, group-commit and pg-migrations) are bundled from their TypeScript source;
// its runtime dependencies, pg and pino, and Node's built-ins stay external.
const here = dirname(fileURLToPath(import.meta.url));
const external = ['pg', 'pino', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** package.json's bin runs dist/bin.js as a program (shebang and mode). */
const executableBin = {
  name: 'executable-bin',
  writeBundle(options, bundle) {
    if (options.dir && 'bin.js' in bundle) chmodSync(resolve(options.dir, 'bin.js'), 0o755);
  },
};

/**
 * dist/ is rewritten in place (below), so a chunk an earlier build made and this one no longer does would stay and
 * be packed: each file of dist/chunks this build did not write is removed once it is written.
 */
const noStaleChunks = {
  name: 'no-stale-chunks',
  writeBundle(options, bundle) {
    const chunks = options.dir && resolve(options.dir, 'chunks');
    if (!chunks || !existsSync(chunks)) return;
    for (const name of readdirSync(chunks)) if (!(`chunks/${name}` in bundle)) rmSync(resolve(chunks, name));
  },
};

export default defineConfig({
  logLevel: 'warn',
  plugins: [executableBin, noStaleChunks],
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] }, noExternal: true, external: ['pg', 'pino'] },
  build: {
    ssr: true,
    target: 'node20',
    outDir: resolve(here, 'dist'),
    // Rewritten in place under names that do not change, so that a program started from dist/ meanwhile (a test
    // of the unit's ExecStart while another packs) never finds it emptied.
    emptyOutDir: false,
    rollupOptions: {
      input: { index: resolve(here, 'src/index.ts'), commands: resolve(here, 'src/relay-commands.ts'), bin: resolve(here, 'src/bin.ts') },
      external,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name].js' },
    },
  },
});
