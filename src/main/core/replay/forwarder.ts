import { forwardTarget } from '../../../shared/forward-target';
import type { ForwardSettings } from '../../../shared/replay';
import type { RawDelivery } from '../analysis/types';
import type { Answer } from '../receiver/response-policy';
import type { ReceiverForward } from '../receiver/server';
import type { SentReplay } from './send-replay';
import type { OutboundReplays } from './outbound-replays';
import { deliveryHeaders } from './replay-headers';
import { ReplayRequestError } from './replayer';

export interface ForwarderDeps {
  outbound: OutboundReplays;
  settings: ForwardSettings;
  save: (settings: ForwardSettings) => void;
  /** Whether a URL reaches this inspector's own receiver. */
  isOwnReceiver: (url: URL) => boolean;
  log: (line: string) => void;
}

/** The answer the sender gets when the target's status is mirrored: its status, or 502 when it gave none. */
export function mirroredAnswer(sent: SentReplay): Answer {
  if (sent.error === null && sent.response !== null) {
    return { status: sent.response.status, reason: `forward: the target answered ${sent.response.status}` };
  }
  return { status: 502, reason: `forward: the target gave no answer (${sent.error ?? 'no response'})` };
}

/** Live forwarding: every acceptable delivery received is also sent, byte for byte, to the user's target. */
export class Forwarder {
  private current: ForwardSettings;

  constructor(private readonly deps: ForwarderDeps) {
    this.current = deps.settings;
  }

  get settings(): ForwardSettings {
    return this.current;
  }

  set(settings: ForwardSettings): ForwardSettings {
    if (settings.enabled && settings.target === null) throw new ReplayRequestError('forwarding needs a target URL', 400);
    if (settings.enabled && settings.target !== null && this.deps.isOwnReceiver(new URL(settings.target))) {
      throw new ReplayRequestError('the target is this receiver: every forward would arrive and be forwarded again', 400);
    }
    this.current = settings;
    this.deps.save(settings);
    return settings;
  }

  /** Starts forwarding one delivery (null when forwarding is off); never throws into the receiver. */
  begin(raw: RawDelivery): ReceiverForward | null {
    const settings = this.current;
    if (!settings.enabled || settings.target === null) return null;
    try {
      return this.start(settings, settings.target, raw);
    } catch (error) {
      this.deps.log(`forward: not forwarded (${(error as Error).message})`);
      return null;
    }
  }

  private start(settings: ForwardSettings, target: string, raw: RawDelivery): ReceiverForward {
    const out = {
      url: new URL(forwardTarget({ ...settings, target }, raw)),
      method: raw.method,
      headers: deliveryHeaders(raw.headers),
      body: raw.body,
      allowSelfSigned: settings.allowSelfSigned,
    };
    const { outbound } = this.deps;
    if (!settings.mirrorStatus) {
      // Sent only once the row is committed: the sender's answer never waits for the target.
      return { mirrored: null, stored: (id) => void outbound.send(out).then((sent) => this.record(id, sent)) };
    }
    const sending = outbound.send(out);
    return { mirrored: sending.then(mirroredAnswer), stored: (id) => void sending.then((sent) => this.record(id, sent)) };
  }

  private async record(deliveryId: number, sent: SentReplay): Promise<void> {
    try {
      await this.deps.outbound.record({ ...sent, deliveryId, kind: 'forward', batchId: null, sentBy: null, signingMode: 'keep' });
    } catch (error) {
      this.deps.log(`forward: could not store the result for delivery ${deliveryId} (${(error as Error).message})`);
    }
  }
}
