import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { compareStored, DeliveryNotStored } from '../core/compare/compare-stored';
import { comparisonText } from '../core/compare/comparison-text';
import type { StoreReader } from '../core/store/reader';
import { toolError, untrustedAnswer } from './tool-answer';

/**
 * `compare_deliveries`: two stored deliveries side by side, as `webhook-inspector diff` gives them: the comparison
 * (the deliveries.compare answer) and its text. Expected digests are cut unless they matched, as get_delivery cuts them.
 */
export function registerCompareTools(server: McpServer, store: StoreReader): void {
  server.registerTool(
    'compare_deliveries',
    {
      title: 'Compare two deliveries',
      description:
        'Two stored deliveries side by side: headers as received (changed, added, removed, case, order), the body as JSON ' +
        '(paths added, removed and changed; numbers by their exact text; key order and repeated keys) or as text and bytes ' +
        '(the first differing byte in hex), their signature verdicts and findings. `equal` is true only for the same headers ' +
        'and byte-identical bodies; `summary` says what differs; `text` is the same as `webhook-inspector diff`.',
      inputSchema: {
        left_id: z.number().int().min(1).describe('A stored delivery.'),
        right_id: z.number().int().min(1).describe('The delivery to compare it with.'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ left_id, right_id }) => {
      try {
        const comparison = await compareStored(store, left_id, right_id, false);
        return untrustedAnswer({ ...comparison, text: comparisonText(comparison).join('\n') });
      } catch (error) {
        if (error instanceof DeliveryNotStored) return toolError(`No delivery ${error.id} is stored.`);
        throw error;
      }
    },
  );
}
