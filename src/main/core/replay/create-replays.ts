import { randomUUID } from 'node:crypto';
import type { CallHandlers } from '../../../shared/contract';
import { defaultForwardSettings } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import type { EgressPolicy } from '../outbound/egress-policy';
import type { ReceiverPorts } from '../receiver/receivers';
import type { InspectorStore } from '../store/common/inspector-store';
import { Forwarder } from './forwarder';
import { OutboundReplays } from './outbound-replays';
import { Replayer } from './replayer';
import { StoredForwardSettings } from './stored-forward-settings';
import { defaultSenderLimits, type OutgoingRequest, type SenderLimits } from './send-replay';

export interface ReplayDeps {
  store: InspectorStore;
  limits?: Partial<SenderLimits>;
  receiverPorts: () => ReceiverPorts;
  /** Every replay and forward connects through it. */
  egress: EgressPolicy;
  /** A replay or forward of this delivery was stored. */
  publish: (deliveryId: number) => void;
  log: (line: string) => void;
}

type ReplayCalls = Pick<CallHandlers, 'replay.send' | 'replay.many' | 'replay.list' | 'forward.get' | 'forward.set'>;

/** Replay and live forwarding, wired: the calls of the contract, the receiver's forward hook, and close. */
export function createReplays(deps: ReplayDeps) {
  const outbound = new OutboundReplays(deps.store, { ...defaultSenderLimits, ...deps.limits }, (record) =>
    deps.publish(record.deliveryId),
  );
  const replayer = new Replayer(deps.store, outbound, deps.egress);
  const forwarder = new Forwarder({
    outbound,
    settings: deps.store.settings.read('forward', StoredForwardSettings) ?? defaultForwardSettings,
    save: (settings) => deps.store.settings.write('forward', settings),
    egress: deps.egress,
    receiverPorts: deps.receiverPorts,
    // A loop is live: an id for this run names this inspector in the hop header well enough, and costs no write.
    inspectorId: randomUUID(),
    log: deps.log,
  });
  const calls: ReplayCalls = {
    'replay.send': (input, { user }) => replayer.send(input, user),
    'replay.many': (input, { user }) => replayer.many(input, user),
    'replay.list': async ({ deliveryId }) => ({ items: await outbound.list(deliveryId) }),
    'forward.get': () => forwarder.settings,
    'forward.set': (settings) => forwarder.set(settings),
  };
  return {
    calls,
    forward: (raw: RawDelivery) => forwarder.begin(raw),
    /** Sends one request with the service's limits, tracked like a replay (the handler check's sends). */
    send: (out: OutgoingRequest) => outbound.send(out),
    limits: { ...defaultSenderLimits, ...deps.limits },
    /** Before the receiver moves to these ports: refused (409) when forwarding would then reach the receiver itself. */
    checkPorts: (ports: ReceiverPorts) => forwarder.checkPorts(ports),
    /** Stops the sends still running and waits for them: before the store closes. */
    close: () => outbound.close(),
  };
}
