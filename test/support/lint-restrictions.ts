import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages eslint.config.mjs gives `code` as if it were the file at `filePath`. */
export async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** How many imports of `code` the boundary rules refuse. */
export async function restrictedImports(filePath: string, code: string): Promise<number> {
  return (await restrictions(filePath, code)).length;
}
