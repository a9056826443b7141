#!/usr/bin/env node
// The package's program is dist/bin.js, which its build writes. This file is in the package before any build, so
// that npm links the bin when it installs the clone (it skips a bin whose file is missing, and builds only after).
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  console.error('webhook-inspector-relay: not built yet (dist/bin.js is missing): run `npm run build -w webhook-inspector-relay`');
  process.exit(1);
}
await import(built.href);
