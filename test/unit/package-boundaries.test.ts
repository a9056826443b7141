import { describe, expect, it } from 'vitest';
import { restrictedImports } from '../support/lint-restrictions';

describe('lint boundaries of the simulator and the packages it uses', () => {
  it('payout-simulator never imports the app', async () => {
    const file = 'packages/payout-simulator/src/dispatcher/example.ts';
    expect(await restrictedImports(file, "import { signBody } from '../../../../src/main/core/analysis/signature';\nexport const s = signBody;\n")).toBe(1);
    expect(await restrictedImports(file, "import { faultNames } from '../../../../src/shared/simulator';\nexport const f = faultNames;\n")).toBe(1);
    expect(await restrictedImports(file, "import { signBody } from '@webhook-inspector/service-signature';\nexport const s = signBody;\n")).toBe(0);
    expect(await restrictedImports(file, "import { createHmac } from 'node:crypto';\nexport const c = createHmac;\n")).toBe(0);
  });

  it('what the renderer bundles from it (names) imports nothing, not even Node', async () => {
    const code = "import { randomBytes } from 'node:crypto';\nexport const r = randomBytes;\n";
    expect(await restrictedImports('packages/payout-simulator/src/names.ts', code)).toBe(1);
    expect(await restrictedImports('src/shared/example.ts', "import { startSimulator } from 'payout-simulator';\nexport const s = startSimulator;\n")).toBe(1);
    expect(await restrictedImports('src/shared/example.ts', "import { faultNames } from 'payout-simulator/names';\nexport const f = faultNames;\n")).toBe(0);
  });

  it('the generic packages import no other package and not the app', async () => {
    for (const dir of ['command-line', 'http-attempt', 'service-signature', 'group-commit']) {
      const file = `packages/${dir}/src/example.ts`;
      expect(await restrictedImports(file, "import { startSimulator } from 'payout-simulator';\nexport const s = startSimulator;\n"), dir).toBe(1);
      expect(await restrictedImports(file, "import { program } from '../../../src/main/cli/commands';\nexport const p = program;\n"), dir).toBe(1);
      expect(await restrictedImports(file, "import { parseArgs } from 'node:util';\nexport const p = parseArgs;\n"), dir).toBe(0);
    }
  });

  it('the app imports a package by its name, never its files', async () => {
    const code = "import { startSimulator } from '../../../packages/payout-simulator/src/simulator';\nexport const s = startSimulator;\n";
    expect(await restrictedImports('src/main/core/example.ts', code)).toBe(1);
    expect(await restrictedImports('src/main/cli/example.ts', code)).toBe(1);
    expect(await restrictedImports('src/main/core/example.ts', "import { startSimulator } from 'payout-simulator';\nexport const s = startSimulator;\n")).toBe(0);
  });
});
