import { z } from 'zod';
import { DeliveryComparison } from '../compare';
import type { Role } from '../role';

/** Two stored deliveries side by side. */
export const calls = {
  /**
   * Two stored deliveries side by side (left, right): headers, body as JSON and as bytes, signature verdicts, findings;
   * each signature check as deliveries.get shows it to the caller.
   */
  'deliveries.compare': { input: z.object({ left: z.number().int(), right: z.number().int() }), output: DeliveryComparison },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'deliveries.compare': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;
