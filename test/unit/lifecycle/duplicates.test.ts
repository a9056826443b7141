import { describe, expect, it } from 'vitest';
import { deliveryIdEvidence, describeDuplicateGroup, evidenceVerdict, type DuplicateCopy, type WholeGroup } from '../../../src/main/core/analysis/lifecycle';

const copy = (id: number, overrides: Partial<DuplicateCopy> = {}): DuplicateCopy => ({
  id,
  receivedAt: `2026-03-02T09:00:0${id}.000Z`,
  bodySha256: 'aa',
  deliveryId: 'd-1',
  signature: 'valid',
  responseStatus: 200,
  event: 'payout.status_changed',
  lifecycleKey: 'send:48213',
  ...overrides,
});

/** The facts the store gives for a group whose every copy is these (as duplicate-group-facts.ts derives them). */
function wholeOf(copies: DuplicateCopy[]): WholeGroup {
  const byId = [...copies].sort((a, b) => a.id - b.id);
  const first = byId[0]!;
  const last = byId.at(-1)!;
  return {
    count: copies.length,
    facts: {
      firstId: first.id,
      firstReceivedAt: first.receivedAt,
      lastId: last.id,
      lastReceivedAt: last.receivedAt,
      identicalBodies: byId.every((c) => c.bodySha256 === first.bodySha256),
      firstDeliveryId: first.deliveryId,
      deliveryIdChanged: first.deliveryId !== null && byId.some((c) => c.deliveryId !== null && c.deliveryId !== first.deliveryId),
      deliveryIdMissing: byId.some((c) => c.deliveryId === null),
    },
  };
}

const described = (copies: DuplicateCopy[]) => describeDuplicateGroup('k', wholeOf(copies), copies);

describe('describeDuplicateGroup', () => {
  it('describes byte-identical copies with one delivery id', () => {
    const copies = [copy(3, { responseStatus: 500 }), copy(1, { responseStatus: 503 }), copy(5)];
    expect(described(copies)).toEqual({
      idempotencyKey: 'k',
      count: 3,
      firstId: 1,
      firstReceivedAt: '2026-03-02T09:00:01.000Z',
      lastReceivedAt: '2026-03-02T09:00:05.000Z',
      spreadMs: 4000,
      identicalBodies: true,
      listedCopies: 3,
      deliveryIds: ['d-1'],
      signatures: ['valid', 'valid', 'valid'],
      responseStatuses: [503, 500, 200],
      facts: wholeOf(copies).facts,
      event: 'payout.status_changed',
      lifecycleKey: 'send:48213',
    });
  });

  it('notices different bodies, every delivery id in order of first use, and copies at the same moment', () => {
    const group = described([
      copy(1, { deliveryId: 'd-2', receivedAt: '2026-03-02T09:00:00.250Z' }),
      copy(2, { deliveryId: null, bodySha256: 'bb', signature: 'invalid', receivedAt: '2026-03-02T09:00:00.250Z' }),
      copy(3, { deliveryId: 'd-1', receivedAt: '2026-03-02T09:00:00.250Z' }),
      copy(4, { deliveryId: 'd-2', receivedAt: '2026-03-02T09:00:00.250Z' }),
    ]);
    expect(group).toMatchObject({
      count: 4,
      spreadMs: 0,
      identicalBodies: false,
      listedCopies: 4,
      deliveryIds: ['d-2', null, 'd-1'],
      signatures: ['valid', 'invalid', 'valid', 'valid'],
    });
  });

  it('spreads a group listed whole from its earliest to its latest time, an imported copy with an earlier time included', () => {
    expect(described([copy(1), copy(2, { receivedAt: '2026-03-02T08:59:59.000Z' }), copy(3)]).spreadMs).toBe(4000);
  });

  it("takes a large group's count, times and bodies from its facts and the per-copy arrays from its first copies", () => {
    const firstCopies = [copy(1), copy(2, { responseStatus: 500 })];
    const whole = {
      count: 300_000,
      facts: {
        ...wholeOf(firstCopies).facts,
        lastId: 300_000,
        lastReceivedAt: '2026-03-02T10:00:01.000Z',
        identicalBodies: false,
        deliveryIdChanged: true,
      },
    };
    expect(describeDuplicateGroup('k', whole, firstCopies)).toMatchObject({
      count: 300_000,
      lastReceivedAt: '2026-03-02T10:00:01.000Z',
      spreadMs: 3_600_000,
      identicalBodies: false,
      listedCopies: 2,
      deliveryIds: ['d-1'],
      signatures: ['valid', 'valid'],
      responseStatuses: [200, 500],
      facts: whole.facts,
    });
  });

  it('refuses a group without copies', () => {
    expect(() => describeDuplicateGroup('k', wholeOf([copy(1)]), [])).toThrow(/no copies/);
  });
});

describe('deliveryIdEvidence (spec 4.1: fixed across retries, or regenerated per attempt?)', () => {
  it('finds no evidence without a group of two copies with ids', () => {
    expect(deliveryIdEvidence([])).toEqual({ groups: 0, sameId: 0, changedId: 0, missingId: 0, verdict: 'no_evidence' });
    expect(deliveryIdEvidence([{ deliveryIds: [null] }, { deliveryIds: ['a', null] }, { deliveryIds: ['a'], count: 1 }])).toEqual({
      groups: 2,
      sameId: 0,
      changedId: 0,
      missingId: 2,
      verdict: 'no_evidence',
    });
  });

  it('says fixed when every informative group kept one id', () => {
    expect(deliveryIdEvidence([{ deliveryIds: ['a'] }, { deliveryIds: ['b'] }, { deliveryIds: [null] }])).toMatchObject({
      sameId: 2,
      changedId: 0,
      missingId: 1,
      verdict: 'fixed_across_retries',
    });
  });

  it('says regenerated when every informative group changed it, counting a group with a missing id too', () => {
    expect(deliveryIdEvidence([{ deliveryIds: ['a', 'b'] }, { deliveryIds: ['c', null, 'd'] }])).toMatchObject({
      groups: 2,
      sameId: 0,
      changedId: 2,
      missingId: 1,
      verdict: 'regenerated_per_attempt',
    });
  });

  it('says mixed when both happened', () => {
    expect(deliveryIdEvidence([{ deliveryIds: ['a', 'b'] }, { deliveryIds: ['c'] }]).verdict).toBe('mixed');
  });

  it('gives the verdict from counts alone, as the store keeps them', () => {
    expect(evidenceVerdict({ sameId: 0, changedId: 0 })).toBe('no_evidence');
    expect(evidenceVerdict({ sameId: 3, changedId: 0 })).toBe('fixed_across_retries');
    expect(evidenceVerdict({ sameId: 0, changedId: 1 })).toBe('regenerated_per_attempt');
    expect(evidenceVerdict({ sameId: 1, changedId: 1 })).toBe('mixed');
  });
});
