import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName } from '../../src/shared/contract';
import type { DeliveryFilter, DeliverySummary } from '../../src/shared/delivery';
import type { Send } from '../../src/renderer/src/api/send';
import { catchUpLimit, deliveryPagesQuery, reloadDeliveries } from '../../src/renderer/src/features/deliveries/delivery-pages';

// The Deliveries list's query layer against a fake core whose answers come back when the test says: an answer
// asked for first and given last must never land over the newer one.

function summary(id: number): DeliverySummary {
  return {
    id,
    receivedAt: `2025-01-01T00:00:${String(id).padStart(2, '0')}.000Z`,
    method: 'POST',
    path: '/webhooks',
    tls: false,
    event: 'payout.completed',
    payoutType: 'gift_cards',
    form: 'gift_cards',
    signature: 'valid',
    duplicateCount: 1,
    idempotencyKey: null,
    subject: null,
    responseStatus: 200,
    bodySize: 10,
    findingCounts: { error: 0, warning: 0, info: 0 },
    imported: false,
    source: null,
  } as DeliverySummary;
}

interface Asked {
  input: CallInput<'deliveries.list'>;
  answer: (ids: number[], latestId?: number) => Promise<void>;
  signal: AbortSignal | undefined;
}

/** A fake core: each `deliveries.list` waits until the test answers it. */
function fakeCore() {
  const asked: Asked[] = [];
  const send = ((name: CallName, input: CallInput<'deliveries.list'>, options?: { signal?: AbortSignal }) => {
    expect(name).toBe('deliveries.list');
    return new Promise((resolve) => {
      asked.push({
        input,
        signal: options?.signal,
        answer: async (ids, latestId = Math.max(0, ...ids)) => {
          resolve({ items: ids.map(summary), order: 'received', latestId, total: ids.length, totalCapped: false });
          await settle();
        },
      });
    });
  }) as unknown as Send;
  return { send, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function shown(observer: InfiniteQueryObserver<unknown, Error, { items: readonly DeliverySummary[] }>): number[] | undefined {
  return observer.getCurrentResult().data?.items.map((item) => item.id);
}

function listOf(client: QueryClient, filter: DeliveryFilter, send: Send) {
  const observer = new InfiniteQueryObserver(client, deliveryPagesQuery(filter, send) as never) as unknown as InfiniteQueryObserver<
    unknown,
    Error,
    { items: readonly DeliverySummary[] }
  >;
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

let client: QueryClient;
afterEach(() => client.clear());

describe('the Deliveries list: a late answer never lands over a newer one', () => {
  it('shows the new filter when the old filter answers last', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const { observer, stop } = listOf(client, { signature: 'valid' }, core.send);
    await settle();
    observer.setOptions(deliveryPagesQuery({ signature: 'invalid' }, core.send) as never);
    await settle();
    expect(core.asked.map((a) => a.input.filter)).toEqual([{ signature: 'valid' }, { signature: 'invalid' }]);

    await core.asked[1]!.answer([5, 4]);
    await core.asked[0]!.answer([9, 8, 7]);
    expect(shown(observer)).toEqual([5, 4]);
    stop();
  });

  it('keeps a reload\'s rows when the catch-up asked before it answers after it', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const filter = {};
    const { observer, stop } = listOf(client, filter, core.send);
    await settle();
    await core.asked[0]!.answer([3, 2, 1]);
    expect(shown(observer)).toEqual([3, 2, 1]);

    void observer.fetchPreviousPage();
    await settle();
    expect(core.asked[1]!.input).toMatchObject({ afterId: 3, limit: catchUpLimit });
    void reloadDeliveries(client, filter);
    await settle();
    expect(core.asked[2]!.input).not.toHaveProperty('afterId');

    await core.asked[2]!.answer([5, 3, 2, 1]);
    // The catch-up answers last, with a row the reload says is gone (4, pruned meanwhile): it must not come back.
    await core.asked[1]!.answer([4], 4);
    expect(core.asked[1]!.signal?.aborted).toBe(true);
    expect(shown(observer)).toEqual([5, 3, 2, 1]);
    stop();
  });

  it('puts what a catch-up brings in its place, on top of the rows it had', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const { observer, stop } = listOf(client, {}, core.send);
    await settle();
    await core.asked[0]!.answer([3, 2, 1]);
    void observer.fetchPreviousPage();
    await settle();
    await core.asked[1]!.answer([5, 4]);
    expect(shown(observer)).toEqual([5, 4, 3, 2, 1]);
    stop();
  });
});
