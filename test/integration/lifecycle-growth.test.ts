import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  formALifecycle,
  formAQuoteCanceled,
  formAQuoteConfirmed,
  formAStatusChanged,
  formATerminalCompleted,
  formATerminalFailed,
  formBBody,
  giftCardFailedBody,
  giftCardRecipientBody,
  ids,
  signedDelivery,
} from '../fixtures/payloads';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { describeEachEngine, openTestStore } from '../support/engines';
import { testSecret } from '../support/deliveries';

/**
 * Lifecycles and duplicate groups are derived batch by batch as deliveries arrive, each batch growing what the
 * ones before left (a copy of a known event only moves counts). Whatever the arrival order and however the
 * deliveries fall into batches, the result must be what a rebuild from every delivery gives.
 */
const withoutOccurredAt = () => {
  const body = formAStatusChanged('pending') as Record<string, unknown>;
  delete body.occurred_at;
  return body;
};
const bodies: unknown[] = [
  ...formALifecycle(),
  formATerminalFailed(),
  formAQuoteCanceled(),
  // Spec 3's rules that read more of a body than its event and status: a same-currency confirmation, tx_hash.
  formAQuoteConfirmed(),
  formATerminalCompleted({ txHash: ids.txHash }),
  { ...(formATerminalCompleted({ txHash: ids.txHash }) as object), occurred_at: '2026-03-02T09:30:00Z', tx_hash: '0xother' },
  // No occurred_at: no idempotency key, an event of its own each time, placed after the timed ones.
  withoutOccurredAt(),
  { ...(formAStatusChanged() as object), occurred_at: '2026-03-02T09:20:00Z' },
  giftCardRecipientBody(),
  giftCardRecipientBody({ status: 'viewed', updated_at: '2026-03-02T10:20:00Z' }),
  giftCardRecipientBody({ status: 'redeemed', updated_at: '2026-03-02T10:10:00Z' }),
  giftCardRecipientBody({ event: 'recipient.wallet_verified', updated_at: '2026-03-02T10:11:00Z' }),
  giftCardFailedBody(),
  formBBody('payout.processing'),
  formBBody('payout.failed'),
  // No lifecycle: grouped as identical bytes when repeated.
  'not json at all',
];

/** A delivery of pool body `body`, its X-Service-Delivery one of two (a retry keeps it or changes it). */
const recordOf = ({ body, deliveryId }: { body: number; deliveryId: string }) => {
  const delivery = signedDelivery(bodies[body] as never, testSecret, { deliveryId });
  return buildDeliveryRecord(
    { method: 'POST', path: '/hook', query: '', headers: Object.entries(delivery.headers), body: delivery.body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    testSecret,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );
};

async function derivedState(store: InspectorStore) {
  await store.derived.catchUpForRead();
  const lifecycles = await store.listLifecycles({}, undefined, 1_000);
  const groups = await store.listDuplicateGroups(undefined, 1_000);
  return { lifecycles, groups, evidence: await store.deliveryIdEvidence() };
}

const arrival = fc.record({ body: fc.nat(bodies.length - 1), deliveryId: fc.constantFrom('d-1', 'd-2') });
/** Deliveries in arrival order, cut into the batches derived one after the other. */
const scenario = fc.array(fc.array(arrival, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

describeEachEngine('lifecycles and duplicate groups grown batch by batch', (engine) => {
  it('equal a rebuild from every delivery, whatever the arrival order and the batches', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (batches) => {
        const store = await openTestStore(engine);
        try {
          for (const batch of batches) {
            for (const delivery of batch) await store.storeDelivery(recordOf(delivery));
            await store.derived.catchUpForRead();
          }
          const grown = await derivedState(store);
          await store.reanalyze(testSecret, { rebuild: true });
          await store.derived.catchUpAll();
          expect(grown).toEqual(await derivedState(store));
        } finally {
          await store.close();
        }
      }),
      { numRuns: engine === 'sqlite' ? 80 : 15 },
    );
  }, 120_000);
});
