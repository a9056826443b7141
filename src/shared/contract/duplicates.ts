import { z } from 'zod';
import { DeliveryIdEvidence, ListedDuplicateGroup } from '../lifecycle';
import type { Role } from '../role';

/** The groups of deliveries that are the same event delivered again. */
export const calls = {
  'duplicates.list': {
    input: z.object({ beforeLastId: z.number().int().optional(), limit: z.number().int().min(1).max(200).default(50) }),
    output: z.object({
      items: z.array(ListedDuplicateGroup),
      total: z.number().int(),
      evidence: DeliveryIdEvidence,
    }),
  },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'duplicates.list': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;
