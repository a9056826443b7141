import { describe, expect, it } from 'vitest';
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
    for (const from of ['pg', '@webhook-inspector/capture', '@webhook-inspector/command-line', 'node:crypto', './channels']) {
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
