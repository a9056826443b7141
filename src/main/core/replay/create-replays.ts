import type { CallHandlers } from '../../../shared/contract';
import { defaultForwardSettings } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import type { ReceiverPorts } from '../receiver/receivers';
import type { InspectorStore } from '../store/inspector-store';
import { Forwarder } from './forwarder';
import { OutboundReplays } from './outbound-replays';
import { Replayer } from './replayer';
import { StoredForwardSettings } from './stored-forward-settings';
import { defaultSenderLimits, type SenderLimits } from './send-replay';

export interface ReplayDeps {
  store: InspectorStore;
  limits?: Partial<SenderLimits>;
  receiverPorts: () => ReceiverPorts;
  /** A replay or forward of this delivery was stored. */
  publish: (deliveryId: number) => void;
  log: (line: string) => void;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function reachesPorts(url: URL, ports: ReceiverPorts): boolean {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return loopbackHosts.has(url.hostname) && (port === ports.https || port === ports.http);
}

type ReplayCalls = Pick<CallHandlers, 'replay.send' | 'replay.many' | 'replay.list' | 'forward.get' | 'forward.set'>;

/** Replay and live forwarding, wired: the calls of the contract, the receiver's forward hook, and close. */
export function createReplays(deps: ReplayDeps) {
  const outbound = new OutboundReplays(deps.store, { ...defaultSenderLimits, ...deps.limits }, (record) =>
    deps.publish(record.deliveryId),
  );
  const replayer = new Replayer(deps.store, outbound);
  const forwarder = new Forwarder({
    outbound,
    settings: deps.store.settings.read('forward', StoredForwardSettings) ?? defaultForwardSettings,
    save: (settings) => deps.store.settings.write('forward', settings),
    isOwnReceiver: (url) => reachesPorts(url, deps.receiverPorts()),
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
    /** Stops the sends still running and waits for them: before the store closes. */
    close: () => outbound.close(),
  };
}
