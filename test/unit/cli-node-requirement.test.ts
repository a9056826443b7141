import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm's own range checker (a dependency of the toolchain, untyped here): the same judgement as its EBADENGINE.
const semver = createRequire(__filename)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string; major: number; minor: number } | null;
};

const root = resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

function whichNodeSection(): string {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Which Node');
  expect(start, 'README has a "Which Node" section').toBeGreaterThanOrEqual(0);
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

describe('the Node the project asks for', () => {
  const ours = semver.minVersion(manifest.engines.node)!;

  it('is the one the README names', () => {
    expect(whichNodeSection()).toContain(`Node ${ours.major}.${ours.minor} or newer`);
  });

  it('names in the README every installed package that asks for a newer Node (what npm warns EBADENGINE about)', () => {
    const section = whichNodeSection();
    const wanting = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return path !== '' && range !== undefined && !semver.satisfies(ours.version, range) ? [path.replace(/^.*node_modules\//, '')] : [];
    });
    expect(wanting.length).toBeGreaterThan(0);
    for (const name of wanting) expect(section, `${name} is named in README's "Which Node"`).toContain(`\`${name}\``);
  });
});
