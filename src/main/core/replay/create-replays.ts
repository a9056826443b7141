import { randomUUID } from 'node:crypto';
import type { CallContext, CallHandlers } from '../../../shared/contract';
import { headersWithoutSignatures, seesWholeDigests } from '../../../shared/signature-view';
import { defaultForwardSettings, type ForwardSettings, type ReplayRecord } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import type { EgressPolicy } from '../outbound/egress-policy';
import { forwardShownTo, replayUrlShownTo } from '../control/shown-to';
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
  /** This run's forwarding (`listen --forward-to`), in place of the one saved from Settings; never saved. */
  forward?: ForwardSettings;
  log: (line: string) => void;
}

/**
 * A replay as `caller` may read it: one re-signed (with a secret its sender gave, maybe the team's) has its signature
 * whole for its sender and admins only; kept and forwarded signatures are the ones received, and a wrong one is no one's.
 */
function replayShownTo(record: ReplayRecord, caller: CallContext): ReplayRecord {
  if (record.signingMode !== 'resign' || seesWholeDigests(caller) || (caller.user !== null && caller.user === record.sentBy)) return record;
  return { ...record, request: { ...record.request, headers: headersWithoutSignatures(record.request.headers) } };
}

type ReplayCalls = Pick<CallHandlers, 'replay.send' | 'replay.many' | 'replay.list' | 'forward.get' | 'forward.set'>;

/** Replay and live forwarding, wired: the calls of the contract, the receiver's forward hook, and close. */
export function createReplays(deps: ReplayDeps) {
  const outbound = new OutboundReplays(deps.store, { ...defaultSenderLimits, ...deps.limits }, (record) =>
    deps.publish(record.deliveryId),
  );
  const replayer = new Replayer(deps.store, outbound, deps.egress);
  let checkingRunForward = false;
  const forwarder = new Forwarder({
    outbound,
    settings: deps.forward ?? deps.store.settings.read('forward', StoredForwardSettings) ?? defaultForwardSettings,
    // This run's forwarding is checked as a user's is (forwarder.set), not saved; one set from the UI meanwhile is.
    save: (settings) => {
      if (!checkingRunForward) deps.store.settings.write('forward', settings);
    },
    egress: deps.egress,
    receiverPorts: deps.receiverPorts,
    // A loop is live: an id for this run names this inspector in the hop header well enough, and costs no write.
    inspectorId: randomUUID(),
    log: deps.log,
  });
  const calls: ReplayCalls = {
    'replay.send': (input, { user }) => replayer.send(input, user),
    'replay.many': (input, { user }) => replayer.many(input, user),
    'replay.list': async ({ deliveryId }, caller) => ({ items: (await outbound.list(deliveryId)).map((record) => replayUrlShownTo(replayShownTo(record, caller), caller)) }),
    'forward.get': (_input, caller) => forwardShownTo(forwarder.settings, caller),
    'forward.set': (settings) => forwarder.set(settings),
  };
  return {
    calls,
    /** Once the receiver listens: this run's forward target refused (as forward.set would) when it may not be reached. */
    checkRunForward: async () => {
      if (deps.forward === undefined) return;
      checkingRunForward = true;
      try {
        await forwarder.set(deps.forward);
      } finally {
        checkingRunForward = false;
      }
    },
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
