import { isUtf8 } from 'node:buffer';
import { setTimeout as delay } from 'node:timers/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DeliveryFilter, type DeliveryDetail } from '../../shared/delivery';
import { checkWithoutOracle } from '../../shared/signature-view';
import type { StoreReader } from '../core/store/reader';
import { toolError, untrustedAnswer } from './tool-answer';

const filterShape = DeliveryFilter.shape;
const limit = z.number().int().min(1).max(100).default(20).describe('How many, at most (newest first).');

/**
 * A delivery's detail with its body as text when it is UTF-8 (the base64 stays for exact bytes). Its expected digest
 * is whole only when it matches the header: anyone may have chosen the body, and no agent gets a signature for it.
 */
function readable(detail: DeliveryDetail) {
  const body = Buffer.from(detail.bodyBase64, 'base64');
  return { ...detail, signatureCheck: checkWithoutOracle(detail.signatureCheck), ...(isUtf8(body) ? { bodyText: body.toString('utf8') } : {}) };
}

/** How often `wait_for_delivery` looks at the store: the writer commits in groups within milliseconds. */
const pollMs = 200;

export function registerDeliveryTools(server: McpServer, store: StoreReader): void {
  server.registerTool(
    'list_deliveries',
    {
      title: 'List deliveries',
      description: 'Stored webhook deliveries, newest first, with the filters of the inspector\'s list: event, payload form, signature verdict, path, and free text in the body.',
      inputSchema: { ...filterShape, before_id: z.number().int().optional().describe('Page: only deliveries with a smaller id.'), limit },
      annotations: { readOnlyHint: true },
    },
    async ({ before_id, limit, ...filter }) => {
      const page = await store.listDeliveries({ filter, beforeId: before_id, limit });
      return untrustedAnswer({ total: page.total, totalIsLowerBound: page.totalCapped, items: page.items });
    },
  );

  server.registerTool(
    'get_delivery',
    {
      title: 'Get a delivery',
      description: 'One delivery whole: raw headers, body (text and base64), signature verdict and why, findings, its duplicates, and its lifecycle key.',
      inputSchema: { id: z.number().int().min(1) },
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => {
      const detail = await store.getDelivery(id);
      return detail ? untrustedAnswer(readable(detail)) : toolError(`No delivery ${id} is stored.`);
    },
  );

  server.registerTool(
    'wait_for_delivery',
    {
      title: 'Wait for the next delivery',
      description: 'Waits until a delivery matching the filter is stored after after_id (default: the newest stored when called), then returns it whole; or says it timed out.',
      inputSchema: {
        ...filterShape,
        after_id: z.number().int().min(0).optional().describe('Only deliveries stored after this id; default: the newest now.'),
        timeout_seconds: z.number().min(1).max(600).default(60),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ after_id, timeout_seconds, ...filter }, extra) => {
      const afterId = after_id ?? (await store.storedIdRange()).latestId;
      const deadline = Date.now() + timeout_seconds * 1000;
      while (!extra.signal.aborted) {
        const page = await store.listDeliveries({ filter, afterId, limit: 1_000 });
        const first = page.items.reduce<number | null>((lowest, item) => (lowest === null || item.id < lowest ? item.id : lowest), null);
        if (first !== null) {
          const detail = await store.getDelivery(first);
          if (detail) return untrustedAnswer(readable(detail));
        }
        if (Date.now() >= deadline) break;
        await delay(pollMs, undefined, { signal: extra.signal }).catch(() => {});
      }
      return untrustedAnswer({ timedOut: true, afterId, waitedSeconds: timeout_seconds });
    },
  );
}
