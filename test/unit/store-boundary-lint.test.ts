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

  it("refuses store/common from outside store/: its types and values come through the door beside store/index.ts", async () => {
    const planted = [
      ['src/main/core/export/example.ts', "export type { StoredDelivery } from '../store/common/stored-delivery';\n"],
      ['src/main/core/reconcile/example.ts', "import type { ReconcileDelivery } from '../store/common/reconcile-records';\nexport type D = ReconcileDelivery;\n"],
      ['src/main/core/retention.ts', "export { limitsSet } from './store/common/pruning';\n"],
      ['src/main/core/control/example.ts', "export type { SettingsStore } from '../store/common/settings-store';\n"],
      ['src/main/mcp/example.ts', "export type { ListQuery } from '../core/store/common/delivery-view-rows';\n"],
      ['src/main/cli/example.ts', "export { createdOrders } from '../core/store/common/created-orders';\n"],
    ];
    for (const [file, code] of planted) {
      expect(await restrictions(file!, code!), file).toEqual([expect.stringContaining("common/, sqlite/ and postgres/ are the store's own")]);
    }
  });

  it('lets code outside store/ use the factory and the door, and the engines use the door and each other within store/', async () => {
    const door =
      "export { openStore, limitsSet } from '../store';\nexport type { InspectorStore } from '../store/inspector-store';\n" +
      "export type { StoreReader } from '../store/reader';\nexport type { StoreWriter } from '../store/writer';\n";
    expect(await restrictions('src/main/core/control/example.ts', door)).toEqual([]);
    expect(await restrictions('src/main/core/store/index.ts', "export { openSqliteStore } from './sqlite/sqlite-store';\n")).toEqual([]);
    expect(await restrictions('src/main/core/store/sqlite/example.ts', "export type { StoreReader } from '../reader';\nexport { toSummary } from '../common/delivery-view-rows';\n")).toEqual([]);
    expect(await restrictions('src/main/core/store/reader.ts', "export type { StoredDelivery } from './common/stored-delivery';\n")).toEqual([]);
  });

  it('keeps store/common below the door: it never imports the interfaces that are built on it', async () => {
    expect(await restrictions('src/main/core/store/common/example.ts', "export type { InspectorStore } from '../inspector-store';\n")).toEqual([
      expect.stringContaining('store/common is shared by both engines'),
    ]);
  });
});
