import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

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
});
