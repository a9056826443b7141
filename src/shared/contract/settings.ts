import { z } from 'zod';
import { CoreStatus, Port } from '../core-status';
import { ResponsePolicy } from '../policy';
import { RetentionLimits } from '../retention';
import { ServiceConnection } from '../simulator';
import { Empty } from './empty';
import type { Role } from '../role';

/** What the inspector does for everyone: the signing secret, the response policy, ports, the service, retention. */
export const calls = {
  'settings.setSecret': {
    input: z.object({ secret: z.string().min(1).max(4096) }),
    output: z.object({ reverified: z.number().int() }),
  },
  'settings.clearSecret': { input: Empty, output: z.object({ reverified: z.number().int() }) },
  'settings.setPolicy': { input: ResponsePolicy, output: ResponsePolicy },
  'settings.setPorts': {
    input: z.object({ https: Port, http: Port.nullable() }),
    output: CoreStatus,
  },
  /** Switch between the embedded simulator and a real service; an API token given is kept, never shown again. */
  'settings.setService': {
    input: z.object({ connection: ServiceConnection, apiToken: z.string().min(1).max(4096).optional() }),
    output: CoreStatus,
  },
  /** Keep deliveries within these limits (saved; in place of `serve --keep-days/--keep-size` for the run); pruning runs in the background. */
  'settings.setRetention': { input: RetentionLimits, output: CoreStatus },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'settings.setSecret': 'admin',
  'settings.clearSecret': 'admin',
  'settings.setPolicy': 'admin',
  'settings.setPorts': 'admin',
  'settings.setService': 'admin',
  'settings.setRetention': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;
