import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  DeliverySelection,
  ReplayBatch,
  ReplayEdit,
  ReplayManyOptions,
  ReplayOptions,
  ReplayPreview,
  ReplayRecord,
  ReplaySigning,
} from '../../../shared/replay';
import { deliveryHeaders } from '../../../shared/replay-headers';
import type { Egress } from '../outbound/egress-policy';
import type { InspectorStore } from '../store/inspector-store';
import type { ReplaySource } from '../store/reader';
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

/**
 * The signing secret in force, for a replay re-signed without a secret of its own: the caller's to give, by who may
 * sign with it (a refusal is a ReplayRequestError saying why).
 */
export type SecretInForce = () => string;

/** Where no secret is in force (the MCP server's replays give their own). */
export const noSecretInForce: SecretInForce = () => {
  throw new ReplayRequestError('no signing secret is in force here: give the secret to re-sign with', 409);
};

/** A re-signing without a secret of its own gets the one in force. */
function resolvedSigning(signing: ReplaySigning, inForce: SecretInForce): ReplaySigning {
  return signing.mode === 'resign' && signing.secret === undefined ? { mode: 'resign', secret: inForce() } : signing;
}

/** One replay's request, built from its delivery and the user's choices (and edits), before it is sent. */
interface PreparedReplay {
  deliveryId: number;
  method: string;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Made from an edit that changed the body or the headers: the bytes are kept with the replay. */
  edited: boolean;
  signingMode: ReplayRecord['signingMode'];
}

const sameHeaders = (a: ReadonlyArray<readonly [string, string]>, b: ReadonlyArray<readonly [string, string]>) =>
  a.length === b.length && a.every(([name, value], i) => name === b[i]![0] && value === b[i]![1]);

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

  /**
   * `sentBy`: the team user who asked, recorded with the replay (null on a personal inspector). `edit`: the body and
   * headers to send in place of the stored ones; the replay keeps the bytes it sent and is marked edited when they
   * (or the headers) differ from the delivery's.
   */
  async send(
    input: ReplayOptions & { deliveryId: number; edit?: ReplayEdit },
    sentBy: string | null = null,
    inForce: SecretInForce = noSecretInForce,
  ): Promise<ReplayRecord> {
    const prepared = await this.prepare(input, inForce);
    const record = await this.replayOne(prepared, input, { batchId: null, sentBy });
    if (!record) throw new ReplayRequestError('the inspector is closing', 503);
    refuseIfRefused(record);
    return record.record;
  }

  /** What `send` would send with these choices, nothing sent: the headers, the body's size and hash, the signature. */
  async preview(input: ReplayOptions & { deliveryId: number; edit?: ReplayEdit }, inForce: SecretInForce = noSecretInForce): Promise<ReplayPreview> {
    const prepared = await this.prepare(input, inForce);
    const madeAtSending = [
      ...(input.signing.mode === 'wrong' ? ['X-Service-Signature'] : []),
      ...(input.deliveryHeader === 'regenerate' ? ['X-Service-Delivery'] : []),
      ...(input.timestampHeader === 'regenerate' ? ['X-Service-Timestamp'] : []),
    ];
    return {
      method: prepared.method,
      headers: prepared.headers,
      bodySize: prepared.body.byteLength,
      bodySha256: createHash('sha256').update(prepared.body).digest('hex'),
      signature: prepared.headers.find(([name]) => name.toLowerCase() === 'x-service-signature')?.[1] ?? null,
      madeAtSending,
      edited: prepared.edited,
    };
  }

  /** Sends the selection one after the other, each waiting for the previous answer. */
  async many(options: ReplayManyOptions, sentBy: string | null = null, inForce: SecretInForce = noSecretInForce): Promise<ReplayBatch> {
    const { sources, lifecycleOrder } = await this.select(options.selection);
    if (sources.length === 0) throw new ReplayRequestError('no stored delivery matches the selection', 404);
    const signed = { ...options, signing: resolvedSigning(options.signing, inForce) };
    const batchId = randomUUID();
    const replays: ReplayRecord[] = [];
    for (const source of replaySequence(sources, options, lifecycleOrder)) {
      const record = await this.replayOne(this.request(source, signed), options, { batchId, sentBy });
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

  /** One delivery's request with the choices and edits applied (the secret in force resolved). */
  private async prepare(input: ReplayOptions & { deliveryId: number; edit?: ReplayEdit }, inForce: SecretInForce): Promise<PreparedReplay> {
    const source = await this.sources.one(input.deliveryId);
    if (!source) throw new ReplayRequestError(`no delivery ${input.deliveryId}`, 404);
    return this.request(source, { ...input, signing: resolvedSigning(input.signing, inForce) }, input.edit);
  }

  private request(source: ReplaySource, options: ReplayOptions, edit?: ReplayEdit): PreparedReplay {
    const body = edit?.bodyBase64 === undefined ? source.body : Buffer.from(edit.bodyBase64, 'base64');
    const headers = edit?.headers ?? source.headers;
    const edited = !body.equals(source.body) || (edit?.headers !== undefined && !sameHeaders(deliveryHeaders(headers), deliveryHeaders(source.headers)));
    return {
      deliveryId: source.id,
      method: source.method,
      headers: replayHeaders(headers, body, options, this.fresh),
      body,
      edited,
      signingMode: options.signing.mode,
    };
  }

  private async replayOne(
    prepared: PreparedReplay,
    options: ReplayOptions,
    by: { batchId: string | null; sentBy: string | null },
  ): Promise<{ record: ReplayRecord; refused: boolean } | null> {
    if (this.outbound.closing) return null;
    const sent = await this.outbound.send({
      url: new URL(options.url),
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
      allowSelfSigned: options.allowSelfSigned,
      kind: 'replay',
      egress: this.egress,
    });
    const record = await this.outbound.record({
      ...sent,
      ...by,
      deliveryId: prepared.deliveryId,
      kind: 'replay',
      signingMode: prepared.signingMode,
      edited: prepared.edited,
      // An edited replay keeps the exact bytes it sent; any other sent its delivery's, which it links to.
      sentBody: prepared.edited ? prepared.body : null,
    });
    return record && { record, refused: sent.refused };
  }
}

/** A replay the egress policy refused is recorded with its reason, and the caller gets a 403 saying it. */
function refuseIfRefused({ record, refused }: { record: ReplayRecord; refused: boolean }): void {
  if (refused) throw new ReplayRequestError(record.error ?? 'refused by the egress policy', 403);
}
