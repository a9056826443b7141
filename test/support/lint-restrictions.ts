import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

/** The import rules: each room's (lint/rooms.mjs) for src/ and packages/, no-restricted-imports for test/ and bench/. */
const importRules = new Set(['boundaries/rooms', 'no-restricted-imports']);

/** The messages of the import rules eslint.config.mjs gives `code` as if it were the file at `filePath`. */
export async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId !== null && importRules.has(m.ruleId)).map((m) => m.message);
}

/** How many imports of `code` the boundary rules refuse. */
export async function restrictedImports(filePath: string, code: string): Promise<number> {
  return (await restrictions(filePath, code)).length;
}
