import { CoreStatus } from '../core-status';
import { Empty } from './empty';
import type { Role } from '../role';

/** The core's status: its receivers, secret, store, service, sources and retention, as the caller may read it. */
export const calls = {
  'status.get': { input: Empty, output: CoreStatus },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'status.get': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  'status.changed': CoreStatus,
} as const;
