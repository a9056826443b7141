import type { Query, QueryClient } from '@tanstack/react-query';
import type { CallName, EventName } from '../../../shared/contract';
import type { ServerEventStream } from './server-events';

interface Refresh {
  /** The events that make these answers stale; a reconnect does too when `onReconnect` (events may have been missed). */
  events: readonly EventName[];
  onReconnect: boolean;
  /** The calls (query keys by their first element) asked again; `only` narrows them to some of their queries. */
  calls: readonly CallName[];
  /** `events`: the payloads of the events since the last time (none after a reconnect). */
  only?: (query: Query, events: readonly unknown[]) => boolean;
  /** However many events come meanwhile, the calls are asked again at most once per this many ms. */
  delayMs: number;
}

/**
 * Which answers each event of the stream makes stale. The Deliveries list is not here: it catches up on what
 * was stored since (features/deliveries/useDeliveries.ts) rather than read its rows again.
 */
export const refreshes: readonly Refresh[] = [
  {
    // Views derived from many deliveries reload as deliveries arrive or verdicts are recomputed.
    events: ['deliveries.changed', 'deliveries.reanalyzed'],
    onReconnect: true,
    calls: ['duplicates.list', 'lifecycles.list', 'lifecycles.get', 'orders.list', 'orders.get', 'deliveries.compare', 'deliveries.list', 'check.get'],
    delayMs: 400,
  },
  {
    // A delivery's detail, as retries of it arrive (its group grows).
    events: ['deliveries.changed'],
    onReconnect: true,
    calls: ['deliveries.get'],
    only: (query) => hasIdempotencyKey(query.state.data),
    delayMs: 1_000,
  },
  // Its verdict, when recomputed.
  { events: ['deliveries.reanalyzed'], onReconnect: false, calls: ['deliveries.get'], delayMs: 0 },
  {
    // The filters' menus: event names, paths, statuses seen so far.
    events: ['deliveries.changed'],
    onReconnect: true,
    calls: ['deliveries.facets', 'lifecycles.facets'],
    delayMs: 1_500,
  },
  { events: ['check.changed'], onReconnect: true, calls: ['check.get'], delayMs: 400 },
  {
    // The runs kept and the current one: read again when a run finishes or is kept or dropped (not for each case graded).
    events: ['check.changed'],
    onReconnect: true,
    calls: ['check.list'],
    only: (_query, events) => events.length === 0 || events.some((event) => (event as { result?: unknown }).result === null),
    delayMs: 0,
  },
  // The simulator's events and attempts (the event can fire many times a second).
  { events: ['simulator.changed'], onReconnect: true, calls: ['simulator.state'], delayMs: 300 },
  {
    // A delivery's replays and forwards; after a reconnect, every delivery's.
    events: ['replays.changed'],
    onReconnect: true,
    calls: ['replay.list'],
    only: (query, events) => events.length === 0 || events.some((event) => sameDelivery(query.queryKey[1], event)),
    delayMs: 0,
  },
  // Live forwarding: no event announces a change, so it is read again after a reconnect.
  { events: [], onReconnect: true, calls: ['forward.get'], delayMs: 0 },
  // Settings no event announces (the allowed targets, a team's users, the audit log): read again after a reconnect.
  { events: [], onReconnect: true, calls: ['egress.get', 'users.list', 'audit.list'], delayMs: 0 },
  {
    // Reconcile's runs, and the newest finished: when a run ends (the one under way follows each page's event itself).
    events: ['reconcile.changed'],
    onReconnect: true,
    calls: ['reconcile.list', 'reconcile.get'],
    only: (_query, events) => events.length === 0 || events.some((event) => (event as { state?: unknown }).state !== 'running'),
    delayMs: 0,
  },
  // Who this UI is signed in as: a role change reconnects the stream.
  { events: [], onReconnect: true, calls: ['session.get'], delayMs: 0 },
  // The top bar's status: the fail-next countdown moves with every delivery (hooks/useStatus.ts takes the stored counts at once).
  { events: ['deliveries.changed'], onReconnect: true, calls: ['status.get'], delayMs: 1_000 },
];

function sameDelivery(input: unknown, event: unknown): boolean {
  return (input as { deliveryId?: unknown } | undefined)?.deliveryId === (event as { deliveryId?: unknown }).deliveryId;
}

function hasIdempotencyKey(data: unknown): boolean {
  return typeof data === 'object' && data !== null && typeof (data as { idempotencyKey?: unknown }).idempotencyKey === 'string';
}

/** Invalidates the queries each event makes stale, coalesced per `Refresh`; returns the function that stops it. */
export function invalidateOnEvents(stream: Pick<ServerEventStream, 'on' | 'onReconnected'>, queryClient: QueryClient, table: readonly Refresh[] = refreshes): () => void {
  const stops: (() => void)[] = [];
  for (const refresh of table) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let events: unknown[] = [];
    let reconnected = false;
    const calls = new Set<unknown>(refresh.calls);
    const run = () => {
      const since = reconnected ? [] : events;
      timer = undefined;
      events = [];
      reconnected = false;
      void queryClient.invalidateQueries({ predicate: (query) => calls.has(query.queryKey[0]) && (refresh.only?.(query, since) ?? true) });
    };
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(run, refresh.delayMs);
    };
    for (const name of refresh.events) {
      stops.push(
        stream.on(name, (payload) => {
          if (refresh.only) events.push(payload);
          schedule();
        }),
      );
    }
    if (refresh.onReconnect) {
      stops.push(
        stream.onReconnected(() => {
          reconnected = true;
          schedule();
        }),
      );
    }
    stops.push(() => clearTimeout(timer));
  }
  return () => {
    for (const stop of stops) stop();
  };
}
