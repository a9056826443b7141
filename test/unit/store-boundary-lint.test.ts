import { describe, expect, it } from 'vitest';
import { restrictions } from '../support/lint-restrictions';

describe("the store's boundary, as the lint rule holds it", () => {
  it('refuses an engine imported from outside store/, and store/common naming an engine', async () => {
    expect(await restrictions('src/main/core/control/example.ts', "export { openSqliteStore } from '../store/sqlite/sqlite-store';\n")).toEqual([
      expect.stringContaining('open a store through store/index.ts'),
    ]);
    expect(await restrictions('src/main/cli/example.ts', "export { connectPool } from '../core/store/postgres/connect';\n")).toEqual([
      expect.stringContaining('open a store through store/index.ts'),
    ]);
    expect(await restrictions('src/main/core/store/common/example.ts', "export type { Db } from '../sqlite/db';\n")).toEqual([
      expect.stringContaining('store/common is shared by both engines'),
    ]);
    expect(await restrictions('packages/pg-migrations/src/example.ts', "export { storeErrorOf } from '../../../src/main/core/store/postgres/errors';\n")).toEqual([
      expect.stringContaining('imports pg and Node built-ins only'),
    ]);
  });

  it('lets code outside store/ use the factory and the interface, and the engines use each other within store/', async () => {
    expect(await restrictions('src/main/core/control/example.ts', "export { openStore } from '../store';\nexport type { InspectorStore } from '../store/common/inspector-store';\n")).toEqual([]);
    expect(await restrictions('src/main/core/store/index.ts', "export { openSqliteStore } from './sqlite/sqlite-store';\n")).toEqual([]);
  });
});
