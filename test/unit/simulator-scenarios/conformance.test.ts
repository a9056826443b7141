import { describe, expect, it } from 'vitest';
import { applyBodyFaults, faultNames, type FaultName } from 'payout-simulator/internal/dispatcher/faults';
import { orderEvents, type ScenarioEvent } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { analyzeEvent } from './analyze-event';
import { allScenarios, orderFor, startTime } from '../../../packages/payout-simulator/test/scenarios/orders';

const seeds = Array.from({ length: 30 }, (_, i) => i + 1);
const paces = [1, 60, 3600];

function eventsOf(scenario: (typeof allScenarios)[number], seed: number): ScenarioEvent[] {
  return orderEvents(orderFor(scenario, seed), new SeededRandom(seed), {
    startTime,
    pace: paces[seed % paces.length],
    unknownEventRate: 0.5,
  });
}

const isFormB = (event: ScenarioEvent) => event.scenario.startsWith('crypto_form_b') && event.event.startsWith('payout.');

const allEvents = allScenarios.flatMap((scenario) => seeds.flatMap((seed) => eventsOf(scenario, seed)));

describe('every simulated body, as the inspector sees it', () => {
  it('has no error or warning finding and a valid signature', () => {
    const problems = allEvents.flatMap((event) => {
      const analysis = analyzeEvent(event);
      const bad = analysis.findings.filter((f) => f.severity !== 'info');
      if (analysis.signature.verdict === 'valid' && bad.length === 0) return [];
      return [{ scenario: event.scenario, event: event.event, bad, body: event.bodyText }];
    });
    expect(problems.slice(0, 3)).toEqual([]);
  });

  it('is classified in the form its payout type calls for', () => {
    for (const event of allEvents) {
      const { form } = analyzeEvent(event);
      if (event.payoutType === 'gift_cards') expect(form).toBe('gift_cards');
      else expect(form).toBe(isFormB(event) ? 'crypto_form_b' : 'crypto_form_a');
    }
  });

  it('includes recipient.* events the inspector does not know, noted as info only', () => {
    const unknown = allEvents.filter((event) => event.event.startsWith('recipient.'));
    expect(new Set(unknown.map((e) => e.payoutType))).toEqual(new Set(['crypto', 'gift_cards']));
    for (const event of unknown) {
      expect(analyzeEvent(event).findings.map((f) => f.code)).toEqual(['envelope.event_unrecognized']);
    }
  });

  it('gives every event of a stream its own idempotency key (no false duplicates)', () => {
    for (const scenario of allScenarios) {
      for (const seed of seeds.slice(0, 5)) {
        const keys = eventsOf(scenario, seed).map((event) => analyzeEvent(event).idempotencyKey);
        expect(keys.every((key) => key !== null)).toBe(true);
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });
});

const expectedFinding: Record<FaultName, (event: ScenarioEvent) => string | null> = {
  wrong_signature: () => 'signature.invalid',
  event_header_mismatch: () => 'header.event_mismatch',
  wrong_field_type: (event) => {
    if (event.payoutType === 'gift_cards') {
      return event.bodyText.includes('"amount"') ? 'giftcard.amount_not_number' : 'giftcard.field_type';
    }
    if (isFormB(event)) return 'form_b.not_integer';
    return event.event === 'payout.quote_created' || event.event === 'payout.terminal_state' ? 'form_a.not_integer' : 'form_a.field_type';
  },
  leaked_card_pin: (event) => (event.payoutType === 'gift_cards' ? 'security.card_secret_in_body' : null),
};

describe('each fault, when asked for', () => {
  it.each(faultNames)('%s produces its finding', (fault) => {
    for (const event of allEvents.filter((_, i) => i % 7 === 0)) {
      const { bodyText, applied } = applyBodyFaults(event.bodyText, { [fault]: true });
      const headerFaults = fault === 'wrong_signature' || fault === 'event_header_mismatch' ? [fault] : [];
      const codes = analyzeEvent(event, headerFaults, bodyText).findings.filter((f) => f.severity === 'error').map((f) => f.code);
      const expected = expectedFinding[fault](event);
      if (expected === null) {
        expect(applied).toEqual([]);
        expect(codes).toEqual([]);
      } else {
        expect(codes).toContain(expected);
      }
    }
  });

  it('keeps the body text untouched when no body fault is on', () => {
    for (const event of allEvents.slice(0, 50)) expect(applyBodyFaults(event.bodyText, {}).bodyText).toBe(event.bodyText);
  });
});
