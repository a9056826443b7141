import type { CheckCase } from './check-case';

/** The cases `only` names: each entry is a case id, a prefix of ids (a category, `rejects-forgeries/`), or empty for all. */
export function selectCases(cases: readonly CheckCase[], only: readonly string[]): CheckCase[] {
  if (only.length === 0) return [...cases];
  const unmatched = only.filter((name) => !cases.some((c) => c.id === name || c.id.startsWith(`${name.replace(/\/$/, '')}/`)));
  if (unmatched.length > 0) throw new Error(`no case is named ${unmatched.map((n) => `"${n}"`).join(', ')}; the cases: ${[...new Set(cases.map((c) => c.id.split('/')[0]))].join(', ')} and their ids (${cases[0]!.id}, …)`);
  return cases.filter((c) => only.some((name) => c.id === name || c.id.startsWith(`${name.replace(/\/$/, '')}/`)));
}
