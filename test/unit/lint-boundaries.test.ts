import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownExceptions } from '../../lint/rooms.mjs';
import { restrictedImports } from '../support/lint-restrictions';

describe('lint boundaries between the layers', () => {
  it('keeps electron out of the core and the shared code', async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    expect(await restrictedImports('src/main/core/receiver/example.ts', code)).toBe(1);
    expect(await restrictedImports('src/shared/example.ts', code)).toBe(1);
    expect(await restrictedImports('src/main/electron/example.ts', code)).toBe(0);
  });

  it('keeps Node built-ins out of the shared and renderer code', async () => {
    for (const code of ["import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", "import { join } from 'path';\nexport const j = join;\n"]) {
      expect(await restrictedImports('src/shared/example.ts', code)).toBe(1);
      expect(await restrictedImports('src/renderer/src/example.tsx', code)).toBe(1);
      expect(await restrictedImports('src/main/core/example.ts', code)).toBe(0);
    }
  });

  it("keeps the capture package to Node built-ins, and the relay's to capture, command-line and pg", async () => {
    const importing = (from: string) => `import * as m from '${from}';\nexport const a = m;\n`;
    for (const from of ['../../../src/shared/policy', 'zod', 'webhook-inspector-relay', '@webhook-inspector/command-line']) {
      expect(await restrictedImports('packages/capture/src/example.ts', importing(from)), from).toBe(1);
    }
    for (const from of ['node:http', './server']) expect(await restrictedImports('packages/capture/src/example.ts', importing(from)), from).toBe(0);
    for (const from of ['../../../src/main/core/analysis/types', 'better-sqlite3', 'electron', 'react', 'zod', '@webhook-inspector/capture/src/server']) {
      expect(await restrictedImports('packages/relay/src/example.ts', importing(from)), from).toBe(1);
    }
    for (const from of ['pg', '@webhook-inspector/capture', '@webhook-inspector/command-line', '@webhook-inspector/group-commit', 'node:crypto', './channels']) {
      expect(await restrictedImports('packages/relay/src/example.ts', importing(from)), from).toBe(0);
    }
  });

  it('lets the shared and renderer code take the request path rule from capture, and nothing else of it', async () => {
    const importing = (from: string) => `import * as m from '${from}';\nexport const a = m;\n`;
    for (const file of ['src/shared/example.ts', 'src/renderer/src/example.tsx']) {
      expect(await restrictedImports(file, importing('@webhook-inspector/capture')), file).toBe(1);
      expect(await restrictedImports(file, importing('@webhook-inspector/capture/request-path')), file).toBe(0);
    }
    for (const from of ['node:url', './server']) expect(await restrictedImports('packages/capture/src/request-path.ts', importing(from)), from).toBe(1);
  });

  it('has the app import a package by its name, never a path into packages/', async () => {
    const code = "import { startRelay } from '../../../packages/relay/src/start-relay';\nexport const s = startRelay;\n";
    expect(await restrictedImports('src/main/cli/example.ts', code)).toBe(1);
    expect(await restrictedImports('src/main/core/store/example.ts', code)).toBe(1);
    expect(await restrictedImports('test/integration/example.test.ts', code)).toBe(1);
    expect(await restrictedImports('src/main/cli/example.ts', "import { startRelay } from 'webhook-inspector-relay';\nexport const s = startRelay;\n")).toBe(0);
  });
});

describe('one boundary rule for the whole graph (lint/rooms.mjs)', () => {
  const importing = (from: string) => `import * as m from '${from}';\nexport const a = m;\n`;
  const refused = async (file: string, from: string) => expect(await restrictedImports(file, importing(from)), `${file} → ${from}`).toBe(1);
  const allowed = async (file: string, from: string) => expect(await restrictedImports(file, importing(from)), `${file} → ${from}`).toBe(0);

  it('closes the five holes the first rules left', async () => {
    await refused('src/shared/example.ts', '../main/core/store/inspector-store');
    await refused('src/main/core/analysis/example.ts', '../receiver/receivers');
    await refused('src/main/core/analysis/example.ts', '../control/handlers');
    await refused('src/renderer/src/example.tsx', '../../main/core/start-core');
    await refused('packages/payout-simulator/src/example.ts', 'react');
    await refused('packages/payout-simulator/src/example.ts', 'better-sqlite3');
    await refused('packages/http-attempt/src/example.ts', 'pg');
  });

  it('keeps src/shared and the renderer off src/main, and the shared code off the renderer', async () => {
    for (const from of ['../main/cli/commands', '../main/electron/ipc-channels', '../main/core/analysis/types', '../renderer/src/lib/route', '../preload']) {
      await refused('src/shared/example.ts', from);
    }
    for (const from of ['../../main/core/control/handlers', '../../main/electron/ipc-channels', '../../main/cli/commands', '../../preload']) {
      await refused('src/renderer/src/example.tsx', from);
    }
    await allowed('src/renderer/src/features/example.tsx', '../../../shared/contract');
    for (const from of ['zod', 'lossless-json', 'payout-simulator/names']) await allowed('src/shared/example.ts', from);
    for (const from of ['react', 'react-dom/client', '@tanstack/react-virtual', 'diff']) await allowed('src/renderer/src/example.tsx', from);
  });

  it('keeps electron in the shell, its entry and the preload', async () => {
    for (const file of ['src/main/cli/example.ts', 'src/main/mcp/example.ts', 'src/main/core/control/example.ts', 'src/renderer/src/example.tsx', 'packages/relay/src/example.ts', 'packages/payout-simulator/src/example.ts', 'packages/capture/test/example.test.ts']) {
      await refused(file, 'electron');
    }
    for (const file of ['src/main/electron/example.ts', 'src/main/index.ts', 'src/preload/index.ts']) await allowed(file, 'electron');
  });

  it('keeps react in the renderer', async () => {
    for (const file of ['src/shared/example.ts', 'src/main/core/control/example.ts', 'src/main/cli/example.ts', 'src/main/electron/example.ts', 'packages/relay/src/example.ts', 'packages/command-line/src/example.ts']) {
      await refused(file, 'react');
    }
  });

  it('keeps better-sqlite3 and pg in the store, and pg in team/ and the packages that run PostgreSQL', async () => {
    for (const file of ['src/main/core/control/example.ts', 'src/main/core/analysis/example.ts', 'src/main/core/replay/example.ts', 'src/main/cli/example.ts', 'src/main/mcp/example.ts', 'src/renderer/src/example.tsx', 'src/shared/example.ts', 'packages/capture/src/example.ts']) {
      await refused(file, 'better-sqlite3');
      await refused(file, 'pg');
    }
    for (const file of ['packages/relay/src/example.ts', 'packages/pg-migrations/src/example.ts', 'src/main/core/team/example.ts']) {
      await refused(file, 'better-sqlite3');
      await allowed(file, 'pg');
    }
    await allowed('src/main/core/store/sqlite/example.ts', 'better-sqlite3');
    await allowed('src/main/core/store/postgres/example.ts', 'pg');
  });

  it('keeps Node out of analysis/ but its hashes, and lets every other room of the core use Node', async () => {
    for (const from of ['node:fs', 'node:net', 'node:http', 'fs', 'node:worker_threads']) await refused('src/main/core/analysis/findings/example.ts', from);
    await allowed('src/main/core/analysis/example.ts', 'node:crypto');
    await allowed('src/main/core/receiver/example.ts', 'node:http');
  });

  it("holds the core's layers: analysis/ at the bottom, then delivery-record/, the store, the receiver, the domains, control/, start-core.ts", async () => {
    for (const from of ['../delivery-record/delivery-record', '../store', '../store/inspector-store', '../store/common/stored-delivery', '../receiver/receivers', '../replay/replayer', '../control/handlers', '../start-core', '../paced-size']) {
      await refused('src/main/core/analysis/example.ts', from);
    }
    await allowed('src/main/core/analysis/findings/example.ts', '../parse-body');
    for (const from of ['../store', '../store/reader', '../store/common/stored-delivery', '../receiver/receivers', '../control/handlers']) await refused('src/main/core/delivery-record/example.ts', from);
    await allowed('src/main/core/delivery-record/example.ts', '../analysis/types');
    for (const from of ['../../receiver/receivers', '../../control/handlers', '../../replay/replayer', '../../team/users', '../../outbound/egress-policy', '../../start-core']) {
      await refused('src/main/core/store/sqlite/example.ts', from);
    }
    for (const from of ['../../delivery-record/delivery-record', '../../analysis/types', '../common/stored-delivery', '../inspector-store', '../../paced-size']) await allowed('src/main/core/store/sqlite/example.ts', from);
    await refused('src/main/core/store/common/example.ts', '../index');
    for (const from of ['../control/handlers', '../replay/forwarder', '../outbound/egress-policy']) await refused('src/main/core/receiver/example.ts', from);
    for (const file of ['src/main/core/replay/example.ts', 'src/main/core/team/example.ts', 'src/main/core/handler-check/example.ts', 'src/main/core/export/example.ts']) {
      await refused(file, '../control/server');
      await refused(file, '../core-options');
      await refused(file, '../start-core');
    }
    await refused('src/main/core/outbound/example.ts', '../replay/send-replay');
    await refused('src/main/core/replay/example.ts', '../export/curl');
    await refused('src/main/core/control/example.ts', '../start-core');
    for (const from of ['../replay/create-replays', '../team/users', '../import/import-path', '../store', '../receiver/receivers']) await allowed('src/main/core/control/example.ts', from);
    await allowed('src/main/core/start-core.ts', './control/handlers');
    // Each domain's handler map sits in its own room, on its layer: the ones that read the store below those that send.
    for (const file of ['src/main/core/deliveries/calls.ts', 'src/main/core/derived-views/lifecycles-calls.ts', 'src/main/core/status/calls.ts']) {
      await allowed(file, '../store/reader');
      await refused(file, '../store/common/inspector-store');
      await refused(file, '../replay/create-replays');
      await refused(file, '../control/handlers');
    }
    for (const file of ['src/main/core/settings/calls.ts', 'src/main/core/simulator/calls.ts']) {
      await allowed(file, '../service-connection');
      await refused(file, '../control/control-access');
    }
    await allowed('src/main/core/import/example.ts', '../export/fixture-format');
  });

  it('lets no arrow run upward: what two layers share sits on the lower one', async () => {
    expect(knownExceptions).toEqual([]);
    await refused('src/main/core/export/calls.ts', '../import/import-path');
    await allowed('src/main/core/import/calls.ts', '../export/transfer-deps');
    await refused('src/main/core/team/audit-transfer.ts', '../control/transfer-routes');
    await refused('src/main/core/core-options.ts', './control/transfer-routes');
    await allowed('src/main/core/core-options.ts', './team/transfer-record');
    await refused('src/main/core/replay/create-replays.ts', '../control/handlers');
    await refused('src/main/core/control/access.ts', 'pg');
  });

  it("lets the command line, the MCP server and the shell use the core, never the store's engines or each other's rooms", async () => {
    for (const file of ['src/main/cli/example.ts', 'src/main/mcp/example.ts', 'src/main/electron/example.ts']) {
      await allowed(file, '../core/start-core');
      await refused(file, '../core/store/sqlite/sqlite-store');
      await refused(file, '../core/store/common/stored-delivery');
      await allowed(file, '../core/store/reader');
      await refused(file, '../../renderer/src/lib/route');
    }
    await refused('src/main/mcp/example.ts', '../cli/commands');
    await refused('src/main/core/control/example.ts', '../../cli/commands');
    await refused('src/main/core/control/example.ts', '../../electron/ipc');
  });

  it("keeps a package's own tests to the package: never the app or the root's test/", async () => {
    for (const from of ['../../../src/shared/relay', '../../../test/support/postgres', 'electron']) await refused('packages/relay/test/example.test.ts', from);
    for (const from of ['webhook-inspector-relay', '../src/channels', 'vitest', 'pg', 'node:http']) await allowed('packages/relay/test/example.test.ts', from);
    await refused('packages/payout-simulator/test/example.test.ts', 'webhook-inspector-relay');
    await allowed('packages/payout-simulator/test/example.test.ts', 'payout-simulator/internal/seeded-random');
  });

  it('names as a known exception only an import that is there today: when the arrow goes, its line goes', () => {
    for (const { from, to } of knownExceptions) {
      const relative = to.includes('/') ? path.posix.relative(path.posix.dirname(from), to) : to;
      const specifier = relative.startsWith('.') || !to.includes('/') ? relative : `./${relative}`;
      expect(readFileSync(from, 'utf8'), `${from} → ${to}`).toContain(`from '${specifier}'`);
    }
  });

  it('refuses a relative import that lands in no room', async () => {
    await refused('src/main/core/control/example.ts', '../../../../resources/icon.png');
    await refused('src/shared/example.ts', '../../package.json');
  });
});
