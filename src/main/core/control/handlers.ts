import { type CallContext, type CallHandlers, type CallName, type CallOutput, type CoreStatus } from '../../../shared/contract';
import type { exportCalls } from '../export/calls';
import type { importCalls } from '../import/calls';
import type { ResponsePolicyState } from '@webhook-inspector/capture';
import type { ResponsePolicy } from '../../../shared/policy';
import type { ReceiverPorts } from '../receiver/receivers';
import type { createEgress } from '../outbound/egress-settings';
import type { checkCalls } from '../handler-check/check-calls';
import type { createReplays } from '../replay/create-replays';
import type { DeliverySearchJobs } from '../search/delivery-search-jobs';
import { createdOrders } from '../store/common/created-orders';
import type { InspectorStore } from '../store/common/inspector-store';
import type { ServiceApiSession } from '../service-api';
import type { ServiceConnectionManager } from '../service-connection';
import type { SigningSecret } from '../signing-secret';
import type { Retention } from '../retention';
import type { SourceManager } from '../sources/source-manager';
import { teamCalls, type TeamServices } from './team-calls';
import { simulatorStateShownTo, statusShownTo } from './shown-to';
import { checkWithoutOracle, seesWholeDigests } from '../../../shared/signature-view';
import { compareStored } from '../compare/compare-stored';
import type { reconcileCalls } from '../reconcile/reconcile-service';

export interface HandlerDeps {
  /** Its duplicate groups and lifecycle summaries are brought up to the stored deliveries before they are read. */
  store: InspectorStore;
  status: () => CoreStatus;
  secret: SigningSecret;
  policy: ResponsePolicyState<ResponsePolicy>;
  reverify: () => Promise<number>;
  setPorts: (ports: ReceiverPorts) => Promise<void>;
  service: ServiceConnectionManager;
  api: ServiceApiSession;
  publishStatus: () => void;
  /** export.* and import.path */
  transfers: ReturnType<typeof exportCalls> & ReturnType<typeof importCalls>;
  /** replay.* and forward.* */
  replays: ReturnType<typeof createReplays>['calls'];
  /** egress.* */
  egress: ReturnType<typeof createEgress>['calls'];
  /** The relay source: sources.* */
  sources: SourceManager;
  retention: Retention;
  /** deliveries.search.* */
  searches: DeliverySearchJobs;
  /** The handler check: check.* */
  checks: ReturnType<typeof checkCalls>;
  /** reconcile.* */
  reconcile: ReturnType<typeof reconcileCalls>;
  /** A team server's audit log and users (session.*, audit.*, users.*); null on a personal inspector. */
  team: TeamServices | null;
}

class NotFound extends Error {
  readonly status = 404;
}

function found<T>(value: T | null, message: string): T {
  if (value === null) throw new NotFound(message);
  return value;
}

/** The implementation of every call of the contract. */
export function createHandlers(deps: HandlerDeps) {
  // A delivery's duplicate group and lifecycle are derived just after its commit: a read sees them already.
  const current =
    <N extends CallName>(read: CallHandlers[N]) =>
    async (input: Parameters<CallHandlers[N]>[0], context: CallContext): Promise<CallOutput<N>> => {
      await deps.store.derived.catchUpForRead();
      return (read as (input: Parameters<CallHandlers[N]>[0], context: CallContext) => Promise<CallOutput<N>> | CallOutput<N>)(input, context);
    };
  return {
    'status.get': (_input, caller) => statusShownTo(deps.status(), caller),
    'deliveries.list': (input) => deps.store.listDeliveries(input),
    'deliveries.search.start': (input) => deps.searches.start(input),
    'deliveries.search.page': ({ jobId, from, waitMs }) => deps.searches.page(jobId, from, waitMs),
    'deliveries.search.cancel': ({ jobId }) => deps.searches.cancel(jobId),
    'deliveries.get': async ({ id }, caller) => {
      const detail = found(await deps.store.getDelivery(id), `no delivery ${id}`);
      return seesWholeDigests(caller) ? detail : { ...detail, signatureCheck: checkWithoutOracle(detail.signatureCheck) };
    },
    'deliveries.compare': ({ left, right }, caller) => compareStored(deps.store, left, right, seesWholeDigests(caller)),
    'deliveries.facets': () => deps.store.deliveryFacets(),
    'settings.setSecret': async ({ secret }) => {
      deps.secret.set(secret);
      return { reverified: await deps.reverify() };
    },
    'settings.clearSecret': async () => {
      deps.secret.clear();
      return { reverified: await deps.reverify() };
    },
    'settings.setPolicy': (policy) => {
      deps.policy.set(policy);
      return deps.policy.policy;
    },
    'settings.setPorts': async (ports) => {
      await deps.setPorts(ports);
      return deps.status();
    },
    'settings.setService': async ({ connection, apiToken }) => {
      const before = deps.secret.current;
      await deps.service.set(connection, apiToken);
      // The simulator's secret comes and goes with it: verdicts follow the secret in force.
      if (deps.secret.current !== before) await deps.reverify();
      deps.publishStatus();
      return deps.status();
    },
    'settings.setRetention': (limits) => {
      deps.retention.set(limits);
      return deps.status();
    },
    'sources.set': async (settings) => {
      await deps.sources.set(settings);
      return deps.status();
    },
    'sources.clear': async () => {
      await deps.sources.clear();
      return deps.status();
    },
    'duplicates.list': current<'duplicates.list'>(async ({ beforeLastId, limit }) => ({
      ...(await deps.store.listDuplicateGroups(beforeLastId, limit)),
      evidence: await deps.store.deliveryIdEvidence(),
    })),
    'lifecycles.list': current<'lifecycles.list'>(async ({ filter, beforeLastDeliveryId, limit }) => ({
      items: await deps.store.listLifecycles(filter, beforeLastDeliveryId, limit),
    })),
    'lifecycles.facets': current<'lifecycles.facets'>(() => deps.store.lifecycleFacets()),
    'lifecycles.get': async ({ key }) => found(await deps.store.viewLifecycle(key), `no lifecycle ${key}`),
    'recipients.get': current<'recipients.get'>(async ({ recipientKey }) =>
      found(await deps.store.getRecipient(recipientKey), `no recipient ${recipientKey}`),
    ),
    'orders.list': current<'orders.list'>(async ({ limit }) => ({ items: await deps.store.listOrders(limit) })),
    'orders.get': current<'orders.get'>(async ({ orderUuid }) =>
      found(await deps.store.getOrder(orderUuid), `no payout order ${orderUuid}`),
    ),
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
      if (answer.orderUuid !== null) createdOrders(deps.store.settings).remember(answer.orderUuid, request.recipients.length);
      return answer;
    },
    'simulator.state': (_input, caller) => simulatorStateShownTo(deps.service.simulatorState(), caller),
    'simulator.configure': (change) => deps.service.configure(change),
    'simulator.resend': ({ id }) => ({ resent: deps.service.resend(id) }),
    'simulator.createDemoOrder': async () => {
      try {
        const orders = await deps.service.createDemoOrders();
        for (const order of orders) createdOrders(deps.store.settings).remember(order.uuid, order.recipients);
        return { orders };
      } finally {
        // Some may have been created before one was refused.
        deps.api.payoutOrdersCreated();
      }
    },
    ...deps.transfers,
    ...deps.replays,
    ...deps.checks,
    ...deps.reconcile,
    ...deps.egress,
    ...teamCalls(deps.team),
  } satisfies CallHandlers;
}
