import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** docs/formats/reconcile-json.md's tables: each section's heading and the fields its first column names. */
export function documentedSections(): Map<string, Set<string>> {
  const doc = readFileSync(resolve(__dirname, '../../docs/formats/reconcile-json.md'), 'utf8');
  const sections = new Map<string, Set<string>>();
  for (const section of doc.split(/^### /m).slice(1)) {
    const title = section.split('\n', 1)[0]!.trim();
    const fields = new Set<string>();
    for (const line of section.split('\n')) {
      const first = /^\| ([^|]+) \|/.exec(line)?.[1];
      if (!first || first === 'Field' || first.startsWith('---')) continue;
      for (const m of first.matchAll(/`([^`]+)`/g)) fields.add(m[1]!);
    }
    sections.set(title, fields);
  }
  return sections;
}

/** The example JSON the page ends with. */
export function documentedExample(): unknown {
  const doc = readFileSync(resolve(__dirname, '../../docs/formats/reconcile-json.md'), 'utf8');
  return JSON.parse(/```json\n([\s\S]*?)\n```/.exec(doc)![1]!);
}

/** Which table documents the object at each path of a run. */
const sectionOf: Array<[RegExp, string]> = [
  [/^$/, 'The run'],
  [/^rows\.\d+$/, 'A row'],
  [/^rows\.\d+\.payout$/, "The API's record (`payout`)"],
  [/^rows\.\d+\.heard$/, 'What was heard (`heard`)'],
  [/^rows\.\d+\.retry$/, 'Where the retries stand (`retry`)'],
  [/^rows\.\d+\.reasons\.\d+$/, 'A reason (`reasons[]`)'],
  [/^unmatched\.\d+$/, 'What could not be matched (`unmatched[]`)'],
  [/^changes$/, 'What changed (`changes`)'],
];

/** Every key of a run's objects that its table does not name: `path.key` each. */
export function undocumentedKeys(run: unknown): string[] {
  const sections = documentedSections();
  const missing: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, path === '' ? String(i) : `${path}.${i}`));
    if (typeof value !== 'object' || value === null) return;
    const section = sectionOf.find(([pattern]) => pattern.test(path))?.[1];
    for (const [key, child] of Object.entries(value)) {
      if (section !== undefined && !sections.get(section)?.has(key)) missing.push(`${path === '' ? '' : `${path}.`}${key}`);
      if (section !== undefined) walk(child, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(run, '');
  return missing;
}
