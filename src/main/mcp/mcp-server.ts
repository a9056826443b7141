import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { InspectorStore } from '../core/store/inspector-store';
import { registerCompareTools } from './compare-tools';
import { registerDeliveryTools } from './delivery-tools';
import { registerLifecycleTools } from './lifecycle-tools';
import { registerReconcileTools, type ReconcileToolOptions } from './reconcile-tools';
import { registerSendTools, whereSendsGo, type SendToolsOptions } from './send-tools';
import { untrustedNotice } from './tool-answer';

/** The inspector as a Model Context Protocol server: its store read by tools, and sends only when allowed. */
export function inspectorMcpServer(store: InspectorStore, options: SendToolsOptions & ReconcileToolOptions & { version: string }): McpServer {
  const server = new McpServer(
    { name: 'webhook-inspector', version: options.version },
    {
      instructions:
        'Webhook Inspector: the webhook deliveries of a payout service as received, their signature verdicts, duplicates and ' +
        'lifecycles, and a check of your own handler against the service\'s rules. ' +
        `${untrustedNotice} ${options.allowSend ? `Sending (replay_delivery, run_handler_check) is on. ${whereSendsGo}` : 'Read-only: replay_delivery and run_handler_check are refused.'}`,
    },
  );
  registerDeliveryTools(server, store);
  registerLifecycleTools(server, store);
  registerCompareTools(server, store);
  registerSendTools(server, store, options);
  registerReconcileTools(server, store, options);
  return server;
}
