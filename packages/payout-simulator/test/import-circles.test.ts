import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageSource = resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The package's own files a file imports (type-only imports too: a circle of types is still a circle). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .map((path) => [`${path}.ts`, join(path, 'index.ts')].find(existsSync)!)
    .filter(Boolean);
}

/** Every import circle, each as the files around it (depth-first search, the circle read off the path). */
function circles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at !== -1) return void found.push(path.slice(at).map((f) => relative(packageSource, f)));
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of files) visit(file, []);
  return found;
}

describe('payout-simulator', () => {
  it('has no import circle (the model sits below the scenarios, the order sink above both)', () => {
    expect(circles(sourceFiles(packageSource))).toEqual([]);
  });
});
