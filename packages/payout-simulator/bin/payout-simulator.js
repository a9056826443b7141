#!/usr/bin/env node
// The package's program is dist/cli.js, which its build writes. This file is in the package before any build, so
// that npm links the bin when it installs the clone (it skips a bin whose file is missing, and builds only after).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(built)) {
  console.error('payout-simulator: not built yet (dist/cli.js is missing): run `npm run build -w payout-simulator`');
  process.exit(1);
}
await import(built.href);
