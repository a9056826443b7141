import { z } from 'zod';
import { SimulatorBehaviour, SimulatorState } from '../simulator';
import { Empty } from './empty';
import type { Role } from '../role';

/** The embedded simulator of the payout service. */
export const calls = {
  'simulator.state': { input: Empty, output: SimulatorState },
  'simulator.configure': { input: SimulatorBehaviour.partial(), output: SimulatorBehaviour },
  /** Sends a permanently failed event again. */
  'simulator.resend': { input: z.object({ id: z.number().int() }), output: z.object({ resent: z.boolean() }) },
  /** Creates demo payout orders (every scenario) whose webhooks go to this inspector's receiver. */
  'simulator.createDemoOrder': {
    input: Empty,
    output: z.object({
      orders: z.array(z.object({ uuid: z.string(), payoutType: z.string(), recipients: z.number().int() })),
    }),
  },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'simulator.state': 'viewer',
  'simulator.configure': 'admin',
  'simulator.resend': 'member',
  'simulator.createDemoOrder': 'member',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /** The simulator's events or attempts changed (coalesced): its panel should reload. */
  'simulator.changed': z.object({}),
} as const;
