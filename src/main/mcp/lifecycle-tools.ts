import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { LifecycleKind } from '../../shared/lifecycle';
import type { StoreReader } from '../core/store/reader';
import { toolError, untrustedAnswer } from './tool-answer';

const limit = z.number().int().min(1).max(100).default(20).describe('How many, at most (most recently touched first).');

export function registerLifecycleTools(server: McpServer, store: StoreReader): void {
  server.registerTool(
    'list_lifecycles',
    {
      title: 'List lifecycles',
      description: "Each crypto send's and gift card's lifecycle rebuilt from its deliveries: current status, event count, findings. Filter by kind, status, finding code or order.",
      inputSchema: {
        kind: LifecycleKind.optional(),
        status: z.string().optional(),
        finding: z.string().optional().describe('A finding code the lifecycle has.'),
        order_uuid: z.string().optional(),
        before_last_delivery_id: z.number().int().optional().describe('Page: lifecycles last touched before this delivery id.'),
        limit,
      },
      annotations: { readOnlyHint: true },
    },
    async ({ kind, status, finding, order_uuid, before_last_delivery_id, limit }) => {
      await store.derived.catchUpForRead();
      const items = await store.listLifecycles({ kind, status, finding, orderUuid: order_uuid }, before_last_delivery_id, limit);
      return untrustedAnswer({ items });
    },
  );

  server.registerTool(
    'get_lifecycle',
    {
      title: 'Get a lifecycle',
      description:
        'One lifecycle: its events in event-time order (not arrival order), the first 100 deliveries of each and their count (copyCount), its current status and its findings.',
      inputSchema: { key: z.string().min(1).describe('The lifecycle key, as list_lifecycles and get_delivery give it.') },
      annotations: { readOnlyHint: true },
    },
    async ({ key }) => {
      await store.derived.catchUpForRead();
      const lifecycle = await store.viewLifecycle(key);
      return lifecycle ? untrustedAnswer(lifecycle) : toolError(`No lifecycle has the key ${key}.`);
    },
  );

  server.registerTool(
    'list_orders',
    {
      title: 'List orders',
      description: 'Payout orders seen in the deliveries, newest first, with their recipients\' statuses counted.',
      inputSchema: { limit },
      annotations: { readOnlyHint: true },
    },
    async ({ limit }) => {
      await store.derived.catchUpForRead();
      return untrustedAnswer({ items: await store.listOrders(limit) });
    },
  );

  server.registerTool(
    'get_order',
    {
      title: 'Get an order',
      description: 'One payout order: its summary and each recipient with the lifecycles seen for it.',
      inputSchema: { order_uuid: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    async ({ order_uuid }) => {
      await store.derived.catchUpForRead();
      const order = await store.getOrder(order_uuid);
      return order ? untrustedAnswer(order) : toolError(`No order ${order_uuid} is in the deliveries.`);
    },
  );
}
