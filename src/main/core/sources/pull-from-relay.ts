import type { StoreWriter } from '../store/writer';
import type { RelayEndpoint } from './relay-client';
import { RelaySource, type RelaySourceDeps } from './relay-source';

/** The name a relay's deliveries are marked with in the store: `relay:<host>`. */
export function relaySourceName(url: string): string {
  return `relay:${new URL(url).host}`;
}

/** The relay source of a core: its deliveries marked `relay:<host>`, its cursor kept in the store's settings. */
export function pullFromRelay(
  endpoint: RelayEndpoint,
  store: StoreWriter,
  deps: Pick<RelaySourceDeps, 'secret' | 'store' | 'onHealth' | 'log'>,
): RelaySource {
  const name = relaySourceName(endpoint.url);
  const queries = store.deliverySource(name);
  return new RelaySource({ ...deps, endpoint, name, alreadyStored: queries.alreadyStored, cursor: queries.cursor });
}
