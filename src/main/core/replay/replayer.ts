import { randomBytes, randomUUID } from 'node:crypto';
import type { DeliverySelection, ReplayBatch, ReplayManyOptions, ReplayOptions, ReplayRecord } from '../../../shared/replay';
import type { Egress } from '../outbound/egress-policy';
import type { InspectorStore } from '../store/common/inspector-store';
import type { ReplaySource } from '../store/common/replay-source-rows';
import type { OutboundReplays } from './outbound-replays';
import { replayHeaders, type FreshValues } from './replay-headers';
import { replaySequence, summarizeAnswers } from './replay-order';

/** A call that cannot be served as asked; `status` is the HTTP status the control server answers with. */
export class ReplayRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const systemFreshValues: FreshValues = {
  deliveryId: () => randomUUID(),
  epochSeconds: () => Math.floor(Date.now() / 1000),
  wrongKey: () => randomBytes(32).toString('hex'),
};

/** Replays stored deliveries to a URL the user gives: one, or many in a chosen order. */
export class Replayer {
  private readonly sources: InspectorStore['replaySources'];

  constructor(
    private readonly store: InspectorStore,
    private readonly outbound: OutboundReplays,
    private readonly egress: Egress,
    private readonly fresh: FreshValues = systemFreshValues,
  ) {
    this.sources = store.replaySources;
  }

  /** `sentBy`: the team user who asked, recorded with the replay (null on a personal inspector). */
  async send(input: ReplayOptions & { deliveryId: number }, sentBy: string | null = null): Promise<ReplayRecord> {
    const source = await this.sources.one(input.deliveryId);
    if (!source) throw new ReplayRequestError(`no delivery ${input.deliveryId}`, 404);
    const record = await this.replayOne(source, input, { batchId: null, sentBy });
    if (!record) throw new ReplayRequestError('the inspector is closing', 503);
    refuseIfRefused(record);
    return record.record;
  }

  /** Sends the selection one after the other, each waiting for the previous answer. */
  async many(options: ReplayManyOptions, sentBy: string | null = null): Promise<ReplayBatch> {
    const { sources, lifecycleOrder } = await this.select(options.selection);
    if (sources.length === 0) throw new ReplayRequestError('no stored delivery matches the selection', 404);
    const batchId = randomUUID();
    const replays: ReplayRecord[] = [];
    for (const source of replaySequence(sources, options, lifecycleOrder)) {
      const record = await this.replayOne(source, options, { batchId, sentBy });
      if (!record) break;
      // The same target for all: the first refusal is every one's.
      refuseIfRefused(record);
      replays.push(record.record);
    }
    return { batchId, replays, answers: summarizeAnswers(replays) };
  }

  private async select(selection: DeliverySelection): Promise<{ sources: ReplaySource[]; lifecycleOrder: number[] | null }> {
    if ('deliveryIds' in selection) return { sources: await this.sources.many(selection.deliveryIds), lifecycleOrder: null };
    if ('idempotencyKey' in selection) {
      return { sources: await this.sources.withIdempotencyKey(selection.idempotencyKey), lifecycleOrder: null };
    }
    const lifecycle = await this.store.loadLifecycle(selection.lifecycleKey);
    if (!lifecycle) return { sources: [], lifecycleOrder: null };
    const order = lifecycle.events.flatMap((event) => event.deliveryIds);
    return { sources: await this.sources.many(order), lifecycleOrder: order };
  }

  private async replayOne(
    source: ReplaySource,
    options: ReplayOptions,
    by: { batchId: string | null; sentBy: string | null },
  ): Promise<{ record: ReplayRecord; refused: boolean } | null> {
    if (this.outbound.closing) return null;
    const sent = await this.outbound.send({
      url: new URL(options.url),
      method: source.method,
      headers: replayHeaders(source.headers, source.body, options, this.fresh),
      body: source.body,
      allowSelfSigned: options.allowSelfSigned,
      kind: 'replay',
      egress: this.egress,
    });
    const record = await this.outbound.record({ ...sent, ...by, deliveryId: source.id, kind: 'replay', signingMode: options.signing.mode });
    return record && { record, refused: sent.refused };
  }
}

/** A replay the egress policy refused is recorded with its reason, and the caller gets a 403 saying it. */
function refuseIfRefused({ record, refused }: { record: ReplayRecord; refused: boolean }): void {
  if (refused) throw new ReplayRequestError(record.error ?? 'refused by the egress policy', 403);
}
