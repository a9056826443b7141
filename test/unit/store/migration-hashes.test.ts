import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { relaySchema } from 'webhook-inspector-relay';
import { inspectorSchema } from '../../../src/main/core/store/postgres/schema';
import { migrations } from '../../../src/main/core/store/sqlite/migrations';

/**
 * Every shipped migration's SHA-256, committed: editing a migration fails here, before any store is opened (a store
 * it was applied to would refuse it at open). A new migration is added to the list with
 * `UPDATE_MIGRATION_HASHES=1 npx vitest run --project unit test/unit/store/migration-hashes.test.ts`; an entry
 * already listed is never changed: restore the migration and add a new one instead.
 */
const file = new URL('./migration-hashes.json', import.meta.url);
type Hashes = Record<string, Array<{ version: number; name: string; sha256: string }>>;

const current: Hashes = {
  sqlite: migrations.map((m, i) => ({ version: i + 1, name: m.id, sha256: m.sha256 })),
  postgres: inspectorSchema.steps.map((s, i) => ({ version: i + 1, name: s.id, sha256: s.sha256 })),
  relay: relaySchema.steps.map((s, i) => ({ version: i + 1, name: s.id, sha256: s.sha256 })),
};

describe('the committed hashes of the migrations', () => {
  if (process.env.UPDATE_MIGRATION_HASHES === '1') {
    const known = JSON.parse(readFileSync(file, 'utf8')) as Hashes;
    // Only appends: a listed entry stays as it was committed.
    const merged = Object.fromEntries(Object.entries(current).map(([schema, list]) => [schema, list.map((entry, i) => known[schema]?.[i] ?? entry)]));
    writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  }
  const known = JSON.parse(readFileSync(file, 'utf8')) as Hashes;

  for (const schema of Object.keys(current)) {
    it(`list every ${schema} migration, none edited since it was listed`, () => {
      const edited = current[schema]!.filter((entry, i) => known[schema]?.[i] !== undefined && known[schema]![i]!.sha256 !== entry.sha256);
      expect(
        edited.map((e) => `migration ${e.name} was changed after it was committed (listed sha256:${known[schema]![e.version - 1]!.sha256}, now sha256:${e.sha256}): restore it and add a new migration instead`),
      ).toEqual([]);
      expect(current[schema], 'a migration added without its hash listed (see the top of this file)').toEqual(known[schema]);
    });
  }

  it('name each migration once', () => {
    for (const list of Object.values(current)) expect(new Set(list.map((e) => e.name)).size).toBe(list.length);
    // The SQLite store's migrations are named for their files.
    expect(current.sqlite!.map((e) => e.name)).toEqual(current.sqlite!.map((e) => `${String(e.version).padStart(4, '0')}${e.name.slice(4)}`));
  });
});
