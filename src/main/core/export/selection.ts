import type { ExportScope, StoredDelivery, StoreReader } from '../store/reader';

export type { ExportScope, StoredDelivery } from '../store/reader';

const batchSize = 500;

function scopeLabel(scope: ExportScope): string {
  if (scope === 'all') return 'the store';
  if ('deliveryIds' in scope) return 'the selection';
  if ('idempotencyKey' in scope) return `duplicate group ${scope.idempotencyKey}`;
  return `lifecycle ${scope.lifecycleKey}`;
}

class NothingSelected extends Error {
  readonly status = 404;
}

/**
 * The deliveries of a scope in arrival order, read in batches so a whole store never sits in memory.
 * Throws (404) when the scope holds nothing, or when any id asked for is not stored.
 */
export async function selectDeliveries(
  store: StoreReader,
  scope: ExportScope,
): Promise<{ total: number; deliveries: () => AsyncGenerator<StoredDelivery> }> {
  const reader = await store.scope(scope);
  const { total } = reader;
  if (scope !== 'all' && 'deliveryIds' in scope) {
    const wanted = new Set(scope.deliveryIds);
    if (total < wanted.size) {
      for (const id of await reader.storedIds()) wanted.delete(id);
      throw new NothingSelected(`no delivery ${[...wanted].slice(0, 20).join(', ')}`);
    }
  }
  if (total === 0 && scope !== 'all') throw new NothingSelected(`no deliveries in ${scopeLabel(scope)}`);
  async function* deliveries(): AsyncGenerator<StoredDelivery> {
    for (let after = 0; ; ) {
      const rows = await reader.page(after, batchSize);
      if (rows.length === 0) return;
      yield* rows;
      after = rows[rows.length - 1]!.id;
    }
  }
  return { total, deliveries };
}

/** One stored delivery, or null. */
export function storedDelivery(store: StoreReader, id: number): Promise<StoredDelivery | null> {
  return store.storedDelivery(id);
}
