import type { CallHandlers } from '../../../shared/contract';
import type { ServiceApiSession } from '../service-api';
import type { ServiceConnectionManager } from '../service-connection';
import { createdOrders } from '../store';
import type { SettingsStore } from '../store/inspector-store';
import { simulatorStateShownTo } from './simulator-shown-to';

export interface SimulatorCallDeps {
  service: ServiceConnectionManager;
  /** Told of the demo orders, so that the lists they change are read again from the service. */
  api: ServiceApiSession;
  /** Where the orders created here are remembered (the orders view's "created here"). */
  settings: SettingsStore;
}

/** The calls `simulator.*`: the embedded simulator's state and behaviour, its resends and demo orders. */
export function simulatorCalls(deps: SimulatorCallDeps) {
  return {
    'simulator.state': (_input, caller) => simulatorStateShownTo(deps.service.simulatorState(), caller),
    'simulator.configure': (change) => deps.service.configure(change),
    'simulator.resend': ({ id }) => ({ resent: deps.service.resend(id) }),
    'simulator.createDemoOrder': async () => {
      try {
        const orders = await deps.service.createDemoOrders();
        for (const order of orders) createdOrders(deps.settings).remember(order.uuid, order.recipients);
        return { orders };
      } finally {
        // Some may have been created before one was refused.
        deps.api.payoutOrdersCreated();
      }
    },
  } satisfies Pick<CallHandlers, 'simulator.state' | 'simulator.configure' | 'simulator.resend' | 'simulator.createDemoOrder'>;
}
