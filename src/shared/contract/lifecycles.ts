import { z } from 'zod';
import { FilterValue } from '../filter-text';
import { Lifecycle, LifecycleKind, LifecycleSummary, OrderSummary, RecipientView } from '../lifecycle';
import { Empty } from './empty';
import type { Role } from '../role';

/** What the deliveries say of each payout: its lifecycle, its recipients, its order. */
export const calls = {
  'lifecycles.list': {
    input: z.object({
      filter: z
        .object({
          kind: LifecycleKind.optional(),
          orderUuid: FilterValue.optional(),
          recipientKey: FilterValue.optional(),
          status: FilterValue.optional(),
          finding: FilterValue.optional(),
        })
        .default({}),
      beforeLastDeliveryId: z.number().int().optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: z.object({ items: z.array(LifecycleSummary.extend({ lastDeliveryId: z.number().int() })) }),
  },
  'lifecycles.facets': {
    input: Empty,
    /** orders: the UUIDs of the most recently active payout orders (at most 500), newest first. */
    output: z.object({ statuses: z.array(z.string()), findings: z.array(z.string()), orders: z.array(z.string()) }),
  },
  'lifecycles.get': { input: z.object({ key: FilterValue }), output: Lifecycle },
  'recipients.get': { input: z.object({ recipientKey: FilterValue }), output: RecipientView },
  'orders.list': {
    input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
    output: z.object({ items: z.array(OrderSummary) }),
  },
  'orders.get': {
    input: z.object({ orderUuid: FilterValue }),
    output: z.object({ summary: OrderSummary, recipients: z.array(RecipientView) }),
  },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'lifecycles.list': 'viewer',
  'lifecycles.facets': 'viewer',
  'lifecycles.get': 'viewer',
  'recipients.get': 'viewer',
  'orders.list': 'viewer',
  'orders.get': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;
