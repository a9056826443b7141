import { EgressRules, EgressStatus } from '../egress';
import { Empty } from './empty';
import type { Role } from '../role';

/** What the inspector's outbound connections may reach. */
export const calls = {
  /** The egress policy in force: what a replay, a forward, the service and a relay source may connect to. */
  'egress.get': { input: Empty, output: EgressStatus },
  /** Replaces the allowed targets saved from Settings (the command line's stay). */
  'egress.set': { input: EgressRules, output: EgressStatus },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'egress.get': 'viewer',
  'egress.set': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;
