import { randomInt } from 'node:crypto';
import { isKnownEvent, knownEvents } from '../../shared/payloads/events';
import type { PayloadForm } from '../../shared/verdicts';
import { scenarioTraffic, type SampleEvent } from '../core/handler-check/sample-traffic';

/** One event `trigger` can send: its name and body form, as the simulator's scenarios write it. */
export interface TriggerEvent {
  event: string;
  form: PayloadForm;
  /** A name the spec's events do not include: a handler must ignore it and answer 2xx (spec 6.6, 9.3). */
  unknown: boolean;
  /** The simulator's scenario it comes from. */
  from: string;
}

/** Compresses the scenarios' pacing so that every event of one happens within seconds of now. */
const pace = 3600;

/**
 * Every event the scenarios send, once per event name and form, in the scenarios' order (the unknown events a
 * recipient may get included): each with its body, fresh (a random seed, times from now), signed by the sender.
 */
function traffic(seed: number, now: Date): Array<TriggerEvent & { sample: SampleEvent }> {
  const seen = new Map<string, TriggerEvent & { sample: SampleEvent }>();
  for (const [scenario, events] of scenarioTraffic(seed, { startTime: now, pace, unknownEventRate: 1 })) {
    for (const sample of events) {
      const key = `${sample.event} ${sample.form}`;
      if (seen.has(key)) continue;
      seen.set(key, { event: sample.event, form: sample.form, unknown: !isKnownEvent(sample.event), from: scenario, sample });
    }
  }
  // The spec's events in its order (section 6), then the ones it does not name.
  const rank = (e: TriggerEvent) => (e.unknown ? knownEvents.length : knownEvents.indexOf(e.event));
  return [...seen.values()].sort((a, b) => rank(a) - rank(b));
}

/** The events `trigger --list` names. */
export function triggerEvents(): TriggerEvent[] {
  return traffic(1, new Date()).map(({ event, form, unknown, from }) => ({ event, form, unknown, from }));
}

/**
 * A fresh body of `event` (in `form` when the event has several): the first the scenarios send, from a seed of its
 * own, so that two triggers are two events, not copies.
 */
export function triggerBody(event: string, form: string | undefined, now = new Date()): { chosen: TriggerEvent; bodyText: string } {
  const all = traffic(randomInt(1, 2 ** 31), now);
  const named = all.filter((candidate) => candidate.event === event);
  if (named.length === 0) {
    throw new Error(`no event "${event}": trigger --list names them (${[...new Set(all.map((e) => e.event))].join(', ')})`);
  }
  const chosen = form === undefined ? (named.length === 1 ? named[0] : undefined) : named.find((candidate) => candidate.form === form);
  if (!chosen) {
    const forms = named.map((candidate) => candidate.form).join(' or ');
    throw new Error(form === undefined ? `${event} has ${named.length} forms: give --form ${forms}` : `${event} has no form "${form}": give --form ${forms}`);
  }
  const { sample, ...described } = chosen;
  return { chosen: described, bodyText: sample.bodyText };
}
