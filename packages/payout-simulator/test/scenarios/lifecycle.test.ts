import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { ScenarioName } from 'payout-simulator/internal/model';
import { orderEvents, type ScenarioEvent } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { allScenarios, orderFor, startTime } from './orders';

type Body = Record<string, unknown> & { event: string; status?: string; data?: Record<string, unknown> };

const terminalStatuses = ['completed', 'failed', 'expired', 'canceled'];
const seeds = Array.from({ length: 20 }, (_, i) => i + 100);

function eventsOf(scenario: ScenarioName, seed: number): ScenarioEvent[] {
  return orderEvents(orderFor(scenario, seed, 2), new SeededRandom(seed), { startTime, pace: seed % 2 ? 60 : 1, unknownEventRate: 0.3 });
}

function bodyOf(event: ScenarioEvent): Body {
  return parse(event.bodyText) as Body;
}

/** One crypto send's known Form A events, in occurred_at order. */
function formASends(events: ScenarioEvent[]): Map<string, Body[]> {
  const sends = new Map<string, Body[]>();
  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  for (const event of ordered) {
    const body = bodyOf(event);
    if (!event.event.startsWith('payout.') || typeof body.external_send_id !== 'string') continue;
    sends.set(body.external_send_id, [...(sends.get(body.external_send_id) ?? []), body]);
  }
  return sends;
}

const formAScenarios = allScenarios.filter((s) => s.startsWith('crypto_') && !s.startsWith('crypto_form_b'));

describe.each(formAScenarios)('Form A lifecycle of %s', (scenario) => {
  const runs = seeds.map((seed) => formASends(eventsOf(scenario, seed)));

  it('opens each send with quote_created, in_progress', () => {
    for (const sends of runs) {
      for (const bodies of sends.values()) expect([bodies[0]?.event, bodies[0]?.status]).toEqual(['payout.quote_created', 'in_progress']);
    }
  });

  it('has at most one terminal_state, bar the tx_hash follow-up, and nothing after the terminal status', () => {
    for (const sends of runs) {
      for (const bodies of sends.values()) {
        const terminals = bodies.filter((b) => b.event === 'payout.terminal_state');
        const followUp = scenario === 'crypto_completed_tx_hash_follow_up';
        expect(terminals.length).toBeLessThanOrEqual(followUp ? 2 : 1);
        const firstTerminal = bodies.findIndex((b) => terminalStatuses.includes(b.status ?? ''));
        if (firstTerminal === -1) continue;
        const after = bodies.slice(firstTerminal + 1);
        if (followUp) {
          expect(after.map((b) => [b.event, b.status])).toEqual([['payout.terminal_state', 'completed']]);
          expect(bodies[firstTerminal]!.tx_hash).toBeUndefined();
          expect(after[0]!.tx_hash).toBeTypeOf('string');
        } else {
          expect(after).toEqual([]);
        }
      }
    }
  });

  it('surfaces the first blockchain txid as tx_hash, and only on a completed terminal_state', () => {
    for (const sends of runs) {
      for (const body of [...sends.values()].flat()) {
        if (body.tx_hash === undefined) continue;
        expect([body.event, body.status]).toEqual(['payout.terminal_state', 'completed']);
        const transactions = body.data?.blockchain_transactions as Array<{ txid: string }>;
        expect(transactions[0]?.txid).toBe(body.tx_hash);
      }
    }
  });

  it('sends quote_confirmed only on cross-currency quotes, and status_changed without data', () => {
    for (const sends of runs) {
      for (const bodies of sends.values()) {
        type Snapshot = { input_currency: { id: unknown }; sending_currency: { id: unknown }; input_to_sending_rate: string };
        const snapshot = bodies[0]!.data as Snapshot;
        const same = String(snapshot.input_currency.id) === String(snapshot.sending_currency.id);
        if (same) {
          expect(bodies.some((b) => b.event === 'payout.quote_confirmed')).toBe(false);
          expect(snapshot.input_to_sending_rate).toBe('1.0');
        }
        for (const body of bodies.filter((b) => b.event === 'payout.status_changed')) expect(body.data).toBeUndefined();
      }
    }
  });
});

describe('scenario outcomes', () => {
  const outcome = (scenario: ScenarioName, seed: number) =>
    [...formASends(eventsOf(scenario, seed)).values()].map((bodies) => bodies.map((b) => `${b.event}:${b.status}`));

  it('requotes a canceled quote under a new external_send_id with a new quote_created', () => {
    for (const seed of seeds) {
      const events = eventsOf('crypto_quote_canceled_then_requoted', seed);
      for (const recipient of new Set(events.map((e) => e.recipientUuid))) {
        const sends = [...formASends(events.filter((e) => e.recipientUuid === recipient)).entries()];
        expect(sends).toHaveLength(2);
        const [[firstId, first], [secondId, second]] = sends as [[string, Body[]], [string, Body[]]];
        expect(secondId).not.toBe(firstId);
        expect(first.at(-1)?.event).toBe('payout.quote_canceled');
        expect(first.some((b) => b.event === 'payout.terminal_state')).toBe(false);
        expect(second[0]?.event).toBe('payout.quote_created');
        expect(second.at(-1)).toMatchObject({ event: 'payout.terminal_state', status: 'completed' });
      }
    }
  });

  it('ends each scenario in its terminal status', () => {
    for (const seed of seeds) {
      expect(outcome('crypto_expired', seed).every((s) => s.at(-1) === 'payout.terminal_state:expired')).toBe(true);
      expect(outcome('crypto_failed', seed).every((s) => s.at(-1) === 'payout.terminal_state:failed')).toBe(true);
      expect(outcome('crypto_same_currency_completed', seed).every((s) => s.at(-1) === 'payout.terminal_state:completed')).toBe(true);
      expect(outcome('crypto_cross_currency_completed', seed).every((s) => s.includes('payout.quote_confirmed:processing'))).toBe(true);
    }
  });

  it('gives failed sends a failure_reason', () => {
    const failed = seeds.flatMap((seed) => [...formASends(eventsOf('crypto_failed', seed)).values()].flat());
    for (const body of failed.filter((b) => b.event === 'payout.terminal_state')) expect(body.failure_reason).toBeTypeOf('string');
  });

  it('wraps Form B sends: payout.processing with data.status confirming, then payout.failed', () => {
    for (const seed of seeds) {
      const known = (scenario: ScenarioName) => eventsOf(scenario, seed).filter((e) => e.event.startsWith('payout.')).map(bodyOf);
      const processing = known('crypto_form_b_processing');
      expect(processing.map((b) => [b.event, b.data?.status])).toEqual([
        ['payout.processing', 'confirming'],
        ['payout.processing', 'confirming'],
      ]);
      const failed = known('crypto_form_b_failed');
      expect(failed.filter((b) => b.event === 'payout.failed')).toHaveLength(2);
      for (const body of [...processing, ...failed]) expect(Object.keys(body)).toEqual(['event', 'payout_type', 'data']);
    }
  });
});

describe('determinism', () => {
  it('gives the same bytes and times for the same seed, and different ones for another', () => {
    const run = (seed: number) => allScenarios.flatMap((s) => eventsOf(s, seed)).map((e) => [e.occurredAt.toISOString(), e.bodyText]);
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('keeps every stream strictly ordered in time and every body a fresh timestamp', () => {
    for (const scenario of allScenarios) {
      const events = eventsOf(scenario, 3);
      const times = events.map((e) => e.occurredAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const recipientTimes = events.map((e) => `${e.recipientUuid}@${e.occurredAt.getTime()}`);
      expect(new Set(recipientTimes).size).toBe(recipientTimes.length);
    }
  });

  it('compresses the timeline by the pace', () => {
    const span = (pace: number) => {
      const events = orderEvents(orderFor('crypto_expired', 5, 1), new SeededRandom(5), { startTime, pace });
      return events.at(-1)!.occurredAt.getTime() - startTime.getTime();
    };
    expect(span(1)).toBeGreaterThan(15 * 60_000 - 60_000);
    expect(span(60)).toBeCloseTo(span(1) / 60, -2);
  });
});
