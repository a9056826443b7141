import type { LifecycleKind } from '../../../../shared/lifecycle';
import type { OrderedEvent } from './ordered-events';
import { isRecognizedEvent } from './recognized-event';
import { isTerminalEvent } from './terminal';

/** The latest event in event time (timed ones preferred; Form B has none, so its latest arrival). */
function latest(events: readonly OrderedEvent[]): OrderedEvent | undefined {
  const timed = events.filter((event) => event.instant !== null);
  return (timed.length > 0 ? timed : events).at(-1);
}

export interface FinalStatus {
  /** The event whose status is the lifecycle's current one. */
  deciding: OrderedEvent | undefined;
  terminal: boolean;
  /** Index of the first terminal event in event-time order, -1 when none. */
  firstTerminal: number;
}

/**
 * Where a lifecycle stands, from its events in event-time order. A terminal status is final (spec 3):
 * once a terminal event exists, the latest terminal event decides (the tx_hash follow-up is the later
 * one), whatever non-terminal events follow it in event time or arrive after it. Otherwise the latest
 * recognized event that reports a status decides.
 */
export function finalStatus(kind: LifecycleKind, events: readonly OrderedEvent[]): FinalStatus {
  const withStatus = events.filter((event) => event.status !== null && isRecognizedEvent(kind, event.event));
  const terminals = withStatus.filter((event) => isTerminalEvent(kind, event.event, event.status));
  const first = terminals[0];
  return {
    deciding: latest(terminals.length > 0 ? terminals : withStatus),
    terminal: terminals.length > 0,
    firstTerminal: first === undefined ? -1 : events.indexOf(first),
  };
}
