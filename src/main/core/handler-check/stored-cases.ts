import { checkableForms, storedCaseId } from '../../../shared/handler-check';
import { classify } from '../analysis/classify';
import { parseBody } from '../analysis/parse-body';
import type { StoreReader } from '../store/reader';
import { BadStoreInput } from '../store';
import type { CheckCase } from './check-case';
import { serviceRequest } from './service-request';

/**
 * Cases from deliveries the store holds: each body sent as it was stored, signed again with the secret the handler
 * verifies with (the stored signature was made with the account's, which may not be the handler's test secret).
 * Only the service's own forms (`checkableForms`). An id not stored, or a body not the service's, is refused (a 400).
 */
export async function storedDeliveryCases(store: Pick<StoreReader, 'replaySources'>, ids: readonly number[], secret: string): Promise<CheckCase[]> {
  if (ids.length === 0) return [];
  const sources = await store.replaySources.many(ids);
  const missing = ids.filter((id) => !sources.some((source) => source.id === id));
  if (missing.length > 0) throw new BadStoreInput(`no delivery ${missing.join(', ')} is stored`);
  return sources.map((source) => {
    const parsed = parseBody(source.body);
    const form = classify(parsed);
    if (parsed.kind !== 'object' || !checkableForms.has(form)) {
      throw new BadStoreInput(`delivery ${source.id} is not one of the service's (a ${form} body), so no answer to it is wrong`);
    }
    const event = String(parsed.value.event ?? '');
    return {
      id: storedCaseId(source.id),
      category: 'acknowledges',
      title: `stored delivery ${source.id} (${form} ${event}), signed again with the secret`,
      specSections: ['4.1', '7', '8'],
      expect: 'acknowledge',
      fix: `answer 2xx to this ${form} ${event}: it is the service's own traffic, as it was received (its routing, spec 6 rule 3, and its body, spec 2)`,
      requests: [serviceRequest(source.body, secret)],
    } satisfies CheckCase;
  });
}
