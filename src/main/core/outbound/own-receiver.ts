import type { ReceiverPorts } from '../receiver/receiver-ports';
import { defaultPort } from './allow-rule';
import type { CheckedAddress, Egress, EgressPolicy } from './egress-policy';
import { isThisHost } from './this-host';

/** Whether a connection to these addresses at the target's port reaches this inspector's own receiver. */
export function reachesReceiver(addresses: readonly CheckedAddress[], target: URL, ports: ReceiverPorts): boolean {
  const port = defaultPort(target);
  return (port === ports.https || port === ports.http) && addresses.some(({ address }) => isThisHost(address));
}

/**
 * The policy, except that this inspector's own receiver is always reachable: the embedded simulator's webhooks
 * go there, while a callback URL a user gave it anywhere else is checked like any other target.
 */
export function egressWithOwnReceiver(policy: EgressPolicy, ports: () => ReceiverPorts): Egress {
  return {
    addressesFor: async (target) => {
      const addresses = await policy.resolveAll(target);
      if (!reachesReceiver(addresses, target, ports())) policy.checkAll(target, addresses);
      return addresses;
    },
  };
}
