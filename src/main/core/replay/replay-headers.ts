import type { ReplayOptions } from '../../../shared/replay';
import { signBody } from '../analysis/signature';
import { deliveryHeaders, withHeader } from '../../../shared/replay-headers';

export { deliveryHeaders, isPseudoHeader, withHeader } from '../../../shared/replay-headers';

export type HeaderChoices = Pick<ReplayOptions, 'signing' | 'deliveryHeader' | 'timestampHeader'>;

/** What regenerated headers get: injectable so tests can pin them. */
export interface FreshValues {
  deliveryId: () => string;
  epochSeconds: () => number;
  /** A key no one signs with, for a deliberately wrong (yet well-formed) signature. */
  wrongKey: () => string;
}

/** The headers of a replay: as stored (or as edited), with the signature and the delivery and timestamp headers as chosen. */
export function replayHeaders(
  stored: ReadonlyArray<readonly [string, string]>,
  body: Uint8Array,
  choices: HeaderChoices,
  fresh: FreshValues,
): Array<[string, string]> {
  let headers = deliveryHeaders(stored);
  if (choices.signing.mode === 'resign') {
    // The secret in force is the caller's to resolve (Replayer.send), by who may sign with it.
    if (choices.signing.secret === undefined) throw new Error('no secret to re-sign with');
    headers = withHeader(headers, 'X-Service-Signature', signBody(body, choices.signing.secret));
  }
  if (choices.signing.mode === 'wrong') headers = withHeader(headers, 'X-Service-Signature', signBody(body, fresh.wrongKey()));
  if (choices.deliveryHeader === 'regenerate') headers = withHeader(headers, 'X-Service-Delivery', fresh.deliveryId());
  if (choices.timestampHeader === 'regenerate') {
    headers = withHeader(headers, 'X-Service-Timestamp', String(fresh.epochSeconds()));
  }
  return headers;
}
