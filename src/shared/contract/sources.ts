import { CoreStatus } from '../core-status';
import { RelaySourceSettings } from '../relay';
import { Empty } from './empty';
import type { Role } from '../role';

/** The relay the inspector pulls deliveries from. */
export const calls = {
  /** Pull deliveries from a relay, now and at every start (replaces the one in force). A token given is kept, never shown again. */
  'sources.set': { input: RelaySourceSettings, output: CoreStatus },
  /** Stop pulling from the relay and forget it, token included (what it brought stays stored). */
  'sources.clear': { input: Empty, output: CoreStatus },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'sources.set': 'admin',
  'sources.clear': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;
