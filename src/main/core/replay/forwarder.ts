import { createHash } from 'node:crypto';
import { forwardRequest, PathEscapesTarget } from '../../../shared/forward-target';
import type { ForwardSettings } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import { EgressRefused, type Egress, type EgressPolicy } from '../outbound/egress-policy';
import { reachesReceiver } from '../outbound/own-receiver';
import type { ReceiverPorts } from '../receiver/receivers';
import type { Answer, ReceiverForward } from '@webhook-inspector/capture';
import { hopRefusal, hopsOf, withHop } from './forward-loop';
import { sentUrl, type OutgoingRequest, type SentReplay } from './send-replay';
import type { OutboundReplays } from './outbound-replays';
import { deliveryHeaders } from './replay-headers';
import { ReplayRequestError } from './replayer';
import type { Logger } from '../logger';

export interface ForwarderDeps {
  outbound: OutboundReplays;
  settings: ForwardSettings;
  save: (settings: ForwardSettings) => void;
  egress: EgressPolicy;
  /** The receiver's ports now: a forward to this host at one of them would come back. */
  receiverPorts: () => ReceiverPorts;
  /** This inspector's id in the hop header of what it forwards. */
  inspectorId: string;
  logger: Logger;
}

/** The answer the sender gets when the target's status is mirrored: its status, or 502 when it gave none. */
export function mirroredAnswer(sent: SentReplay): Answer {
  if (sent.error === null && sent.response !== null) {
    return { status: sent.response.status, reason: `forward: the target answered ${sent.response.status}` };
  }
  return { status: 502, reason: `forward: the target gave no answer (${sent.error ?? 'no response'})` };
}

const ownReceiver = 'the target is this receiver: every forward would arrive and be forwarded again';

/** Live forwarding: every acceptable delivery received is also sent, byte for byte, to the user's target. */
export class Forwarder {
  private current: ForwardSettings;
  /** The core's policy, and the loop guard on the address each forward actually connects to. */
  private readonly egress: Egress;

  constructor(private readonly deps: ForwarderDeps) {
    this.current = deps.settings;
    this.egress = {
      addressesFor: async (target) => {
        const checked = await deps.egress.addressesFor(target);
        if (reachesReceiver(checked, target, deps.receiverPorts())) throw new EgressRefused(`not forwarded: ${ownReceiver}`);
        return checked;
      },
    };
  }

  get settings(): ForwardSettings {
    return this.current;
  }

  async set(settings: ForwardSettings): Promise<ForwardSettings> {
    if (settings.enabled && settings.target === null) throw new ReplayRequestError('forwarding needs a target URL', 400);
    if (settings.enabled && settings.target !== null) {
      const addresses = await this.deps.egress.check(settings.target);
      if (reachesReceiver(addresses, new URL(settings.target), this.deps.receiverPorts())) throw new ReplayRequestError(ownReceiver, 400);
    }
    this.current = settings;
    this.deps.save(settings);
    return settings;
  }

  /** Before the receiver moves: a 409 when the forward target would then be the receiver itself. */
  async checkPorts(ports: ReceiverPorts): Promise<void> {
    const { enabled, target } = this.current;
    if (!enabled || target === null || !(await this.reaches(target, ports))) return;
    throw new ReplayRequestError(
      `the forward target ${target} is this host at that port: a receiver there would forward every delivery to itself; change the forward target or turn forwarding off first`,
      409,
    );
  }

  /** Starts forwarding one delivery (null when forwarding is off); never throws into the receiver. */
  begin(raw: RawDelivery): ReceiverForward | null {
    const settings = this.current;
    if (!settings.enabled || settings.target === null) return null;
    try {
      return this.start(settings, settings.target, raw);
    } catch (error) {
      this.deps.logger.warn(`forward: not forwarded (${(error as Error).message})`);
      return null;
    }
  }

  private start(settings: ForwardSettings, target: string, raw: RawDelivery): ReceiverForward {
    const hops = hopsOf(raw.headers);
    const out: OutgoingRequest = {
      url: new URL(target),
      method: raw.method,
      headers: withHop(deliveryHeaders(raw.headers), hops, this.deps.inspectorId),
      body: raw.body,
      allowSelfSigned: settings.allowSelfSigned,
      kind: 'forward',
      egress: this.egress,
    };
    const looping = hopRefusal(hops, this.deps.inspectorId);
    // Stored and answered as the policy says; only the forward is skipped.
    if (looping !== null) return this.skip(out, looping, null);
    try {
      // An appended path goes on the wire as it was received: a URL would resolve its dot segments and backslashes.
      const forwarded = forwardRequest({ ...settings, target }, raw);
      out.url = new URL(forwarded.url);
      if (forwarded.requestPath !== null) out.requestPath = forwarded.requestPath;
    } catch (error) {
      if (!(error instanceof PathEscapesTarget)) throw error;
      return this.skip(out, error.message, settings.mirrorStatus ? { status: 400, reason: `forward: ${error.message}` } : null);
    }
    const { outbound } = this.deps;
    if (!settings.mirrorStatus) {
      // Sent only once the row is committed: the sender's answer never waits for the target.
      return { mirrored: null, stored: (id) => void outbound.send(out).then((sent) => this.record(id, sent)) };
    }
    const sending = outbound.send(out);
    return { mirrored: sending.then(mirroredAnswer), stored: (id) => void sending.then((sent) => this.record(id, sent)) };
  }

  /** A forward not sent: recorded under the delivery with the reason, and logged. */
  private skip(out: OutgoingRequest, reason: string, answer: Answer | null): ReceiverForward {
    this.deps.logger.warn(`forward: ${reason}`);
    const sent: SentReplay = {
      startedAt: new Date().toISOString(),
      url: sentUrl(out),
      request: {
        method: out.method,
        headers: out.headers,
        bodySha256: createHash('sha256').update(out.body).digest('hex'),
        bodySize: out.body.byteLength,
      },
      response: null,
      error: reason,
      durationMs: 0,
      refused: true,
      errorKind: 'refused',
    };
    return { mirrored: answer && Promise.resolve(answer), stored: (id) => void this.record(id, sent) };
  }

  /** Whether the target, resolved now, is this host at one of these ports (a name that does not resolve is not). */
  private async reaches(target: string, ports: ReceiverPorts): Promise<boolean> {
    const url = new URL(target);
    const addresses = await this.deps.egress.resolveAll(url).catch(() => []);
    return reachesReceiver(addresses, url, ports);
  }

  private async record(deliveryId: number, sent: SentReplay): Promise<void> {
    try {
      await this.deps.outbound.record({ ...sent, deliveryId, kind: 'forward', batchId: null, sentBy: null, signingMode: 'keep' });
    } catch (error) {
      this.deps.logger.error(`forward: could not store the result for delivery ${deliveryId} (${(error as Error).message})`);
    }
  }
}
