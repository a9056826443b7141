import type { CallHandlers } from '../../../shared/contract';
import type { SigningSecret } from '../signing-secret';
import { createdOrders } from '../store';
import type { SettingsStore } from '../store/inspector-store';
import type { ServiceApiSession } from './session';

export interface ServiceApiCallDeps {
  api: ServiceApiSession;
  /** Where the signing secret the API gives is set. */
  secret: SigningSecret;
  /** Re-analyses the stored deliveries with the secret in force; resolves to how many. */
  reverify: () => Promise<number>;
  /** Where the orders created here are remembered (the orders view's "created here"). */
  settings: SettingsStore;
}

/** The calls `api.*`: the service's API called for the user, its pages cached per UI session. */
export function serviceApiCalls(deps: ServiceApiCallDeps) {
  return {
    'api.listPage': ({ page, limit, refresh, session, ...target }) => deps.api.listPage(target, page, limit, { refresh, session }),
    'api.fetchAll.start': ({ limit, ...target }) => deps.api.startFetchAll(target, limit),
    'api.fetchAll.cancel': ({ jobId }) => deps.api.fetchAll.cancel(jobId),
    'api.fetchAll.items': ({ jobId }) => deps.api.fetchAll.items(jobId),
    'api.fetchSigningSecret': async () => {
      deps.secret.set(await deps.api.client.signingSecret());
      return { reverified: await deps.reverify() };
    },
    'api.createPayoutOrder': async (request) => {
      const answer = await deps.api.createPayoutOrder(request);
      if (answer.orderUuid !== null) createdOrders(deps.settings).remember(answer.orderUuid, request.recipients.length);
      return answer;
    },
  } satisfies Pick<
    CallHandlers,
    'api.listPage' | 'api.fetchAll.start' | 'api.fetchAll.cancel' | 'api.fetchAll.items' | 'api.fetchSigningSecret' | 'api.createPayoutOrder'
  >;
}
