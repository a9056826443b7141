import { randomUUID } from 'node:crypto';
import type { CallContext, CallHandlers } from '../../../shared/contract';
import { headersWithoutSignatures, seesWholeDigests } from '../../../shared/signature-view';
import { redactUrl, redactUrlsIn, seesUrlOf } from '../../../shared/url-redaction';
import { defaultForwardSettings, type ForwardSettings, type ReplayRecord } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import type { EgressPolicy } from '../outbound/egress-policy';
import type { ReceiverPorts } from '../receiver/receivers';
import type { InspectorStore } from '../store/inspector-store';
import { Forwarder } from './forwarder';
import { OutboundReplays } from './outbound-replays';
import { ReplayRequestError, Replayer, type SecretInForce } from './replayer';
import { StoredForwardSettings } from './stored-forward-settings';
import { defaultSenderLimits, type OutgoingRequest, type SenderLimits } from './send-replay';
import type { Logger } from '../logger';

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
  /** The signing secret in force (the core's own), or null: a replay re-signed without a secret of its own signs with it. */
  secret?: () => string | null;
  /** A team server: below admin, a re-signed replay gives its own secret, never the one in force (as a check run does). */
  team?: boolean;
  logger: Logger;
}

/**
 * The secret in force for this caller's replay. On a team server it signs an admin's replay only: anyone else choosing
 * (or editing) a body would get it signed with the team's secret at a target of their choice.
 */
function secretInForceFor(deps: ReplayDeps, caller: CallContext): SecretInForce {
  return () => {
    if (deps.team && !seesWholeDigests(caller)) {
      throw new ReplayRequestError(
        "give the secret your handler verifies with: on a team server the team's signing secret signs an admin's replay only",
        400,
      );
    }
    const secret = deps.secret?.() ?? null;
    if (secret === null) {
      throw new ReplayRequestError('no signing secret is set: set it in Settings → Signing secret (or serve --secret), or give the secret to re-sign with', 409);
    }
    return secret;
  };
}

/**
 * A replay as `caller` may read it: one re-signed (with a secret its sender gave, maybe the team's) has its signature
 * whole for its sender and admins only; kept and forwarded signatures are the ones received, and a wrong one is no one's.
 */
function replayShownTo(record: ReplayRecord, caller: CallContext): ReplayRecord {
  const shown = seesUrlOf(caller, record.sentBy)
    ? record
    : { ...record, url: redactUrl(record.url), error: record.error === null ? null : redactUrlsIn(record.error) };
  if (record.signingMode !== 'resign' || seesWholeDigests(caller) || (caller.user !== null && caller.user === record.sentBy)) return shown;
  return { ...shown, request: { ...record.request, headers: headersWithoutSignatures(record.request.headers) } };
}

/** Forwarding as `caller` may read it: its target is an admin's (forward.set), its credentials redacted for anyone else. */
function forwardShownTo(settings: ForwardSettings, caller: CallContext): ForwardSettings {
  return caller.role === 'admin' || settings.target === null ? settings : { ...settings, target: redactUrl(settings.target) };
}

type ReplayCalls = Pick<
  CallHandlers,
  'replay.send' | 'replay.preview' | 'replay.sentBody' | 'replay.many' | 'replay.list' | 'forward.get' | 'forward.set'
>;

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
    logger: deps.logger,
  });
  const calls: ReplayCalls = {
    'replay.send': (input, caller) => replayer.send(input, caller.user, secretInForceFor(deps, caller)),
    'replay.preview': (input, caller) => replayer.preview(input, secretInForceFor(deps, caller)),
    'replay.sentBody': async ({ replayId }) => {
      const sent = await deps.store.replays.sentBody(replayId);
      if (sent === null) throw new ReplayRequestError(`no replay ${replayId}`, 404);
      return sent;
    },
    'replay.many': (input, caller) => replayer.many(input, caller.user, secretInForceFor(deps, caller)),
    'replay.list': async ({ deliveryId }, caller) => ({ items: (await outbound.list(deliveryId)).map((record) => replayShownTo(record, caller)) }),
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
