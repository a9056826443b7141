import { type CallHandlers, type CoreStatus } from '../../../shared/contract';
import type { ResponsePolicyState } from '../receiver/response-policy';
import type { ReceiverPorts } from '../receiver/receivers';
import { deliveryFacets, getDelivery, listDeliveries } from '../store/delivery-views';
import type { Db } from '../store/open';
import type { ServiceConnectionManager } from '../service-connection';
import type { SigningSecret } from '../signing-secret';

export interface HandlerDeps {
  db: Db;
  status: () => CoreStatus;
  secret: SigningSecret;
  policy: ResponsePolicyState;
  reverify: () => Promise<number>;
  setPorts: (ports: ReceiverPorts) => Promise<void>;
  service: ServiceConnectionManager;
  publishStatus: () => void;
}

class NotFound extends Error {
  readonly status = 404;
}

/** The implementation of every call of the contract. */
export function createHandlers(deps: HandlerDeps) {
  return {
    'status.get': () => deps.status(),
    'deliveries.list': (input) => listDeliveries(deps.db, input),
    'deliveries.get': ({ id }) => {
      const detail = getDelivery(deps.db, id);
      if (!detail) throw new NotFound(`no delivery ${id}`);
      return detail;
    },
    'deliveries.facets': () => deliveryFacets(deps.db),
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
    'simulator.state': () => deps.service.simulatorState(),
    'simulator.configure': (change) => deps.service.configure(change),
    'simulator.resend': ({ id }) => ({ resent: deps.service.resend(id) }),
    'simulator.createDemoOrder': async () => ({ orders: await deps.service.createDemoOrders() }),
  } satisfies CallHandlers;
}
