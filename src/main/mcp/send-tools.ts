import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { storedDeliveryLimit } from '../../shared/handler-check';
import { headersWithoutSignatures } from '../../shared/signature-view';
import { verifySignature } from '../core/analysis/signature';
import { handlerCheckBattery } from '../core/handler-check/battery';
import { checkRunJson } from '../core/handler-check/run-json';
import { runHandlerCheck } from '../core/handler-check/run-check';
import { selectCases } from '../core/handler-check/select-cases';
import { storedDeliveryCases } from '../core/handler-check/stored-cases';
import type { AgentEgress } from '../core/outbound/agent-egress';
import { EgressRefused } from '../core/outbound/egress-policy';
import { OutboundReplays } from '../core/replay/outbound-replays';
import { Replayer } from '../core/replay/replayer';
import { defaultSenderLimits } from '../core/replay/send-replay';
import type { InspectorStore } from '../core/store/inspector-store';
import type { AuditLog } from '../core/team/audit-log';
import { ownAnswer, toolError, untrustedAnswer } from './tool-answer';
import type { Logger } from '../core/logger';

export interface SendToolsOptions {
  /** The signing secret: to verify, re-sign replays and sign the handler check. Never put in an answer. */
  secret: string | null;
  /** Started with --allow-send: replays and handler checks may go out, under `egress`. */
  allowSend: boolean;
  /** Loopback and what --allow-target allows; on a team's store, the team's saved rules too. */
  egress: Pick<AgentEgress, 'addressesFor' | 'check'>;
  /** Who the sends are recorded as: each replay's `sentBy` and the audit log's actor, `mcp (<os user>)`. */
  sentBy: string;
  /** A team's store: its audit log, where each send the agent asks for is recorded with its outcome. Null: a personal store. */
  audit: AuditLog | null;
  logger: Logger;
}

const httpUrl = z.url({ protocol: /^https?$/ }).describe('An http:// or https:// URL.');
const notAllowed = 'Sending is off: this server was started read-only. Start it with --allow-send to replay deliveries or run the handler check.';
/** Said to the agent in the tools' descriptions and the server's instructions. */
export const whereSendsGo =
  "Targets: loopback only (127.0.0.1, [::1], localhost), others only where the server was started with --allow-target; on a team's store, its saved egress rules apply too. Anything else is refused before connecting.";
const noSecret = 'No signing secret is known: start the server with --secret-file (or keep one in the data dir).';

/** A send refused, with the status the team server would answer (for the audit log). */
class SendRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function registerSendTools(server: McpServer, store: InspectorStore, options: SendToolsOptions): void {
  /**
   * Runs a send the agent asked for and, on a team's store, records it in the audit log as the team server records
   * its calls (the same action names): who, what it was given, its outcome. A refusal is a tool error saying why.
   */
  const audited = async (action: 'replay.send' | 'check.start', details: Record<string, unknown>, send: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    let answer: CallToolResult;
    let outcome: { status: number; error?: string };
    try {
      answer = await send();
      outcome = { status: 200 };
    } catch (error) {
      // A refusal says its status (SendRefused, ReplayRequestError, a stored delivery the check cannot send: 400).
      answer = toolError((error as Error).message);
      outcome = { status: (error as { status?: number }).status ?? 500, error: (error as Error).message };
      if (outcome.status === 500) options.logger.error(`webhook-inspector mcp: ${action} failed: ${(error as Error).stack ?? String(error)}`);
    }
    if (options.audit !== null) {
      await options.audit.record({ actor: options.sentBy, action, details, ...outcome }).catch((failure: Error) => {
        options.logger.error(`webhook-inspector mcp: could not record ${action} in the audit log (${failure.message})`);
      });
    }
    return answer;
  };
  const refuseUnlessAllowed = (needsSecret: boolean) => {
    if (!options.allowSend) throw new SendRefused(notAllowed, 403);
    if (needsSecret && !options.secret) throw new SendRefused(noSecret, 409);
  };

  server.registerTool(
    'verify_signature',
    {
      title: 'Verify a signature',
      description: "Checks an X-Service-Signature value against a body's exact bytes with the signing secret (spec 5): valid, invalid, missing or malformed, and why.",
      inputSchema: {
        body_text: z.string().optional().describe('The body, when it is text (its UTF-8 bytes are checked).'),
        body_base64: z.string().optional().describe('The exact body bytes, base64.'),
        signature: z.string().describe('The X-Service-Signature value, e.g. sha256=…'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ body_text, body_base64, signature }) => {
      if ((body_text === undefined) === (body_base64 === undefined)) return toolError('Give body_text or body_base64, one of them.');
      if (!options.secret) return toolError(noSecret);
      const body = body_text !== undefined ? Buffer.from(body_text) : Buffer.from(body_base64!, 'base64');
      const check = verifySignature(body, signature, options.secret);
      return ownAnswer({ verdict: check.verdict, reason: check.reason });
    },
  );

  const outbound = new OutboundReplays(store, defaultSenderLimits, () => {});
  const replayer = new Replayer(store, outbound, options.egress);
  server.registerTool(
    'replay_delivery',
    {
      title: 'Replay a delivery',
      description:
        'Sends a stored delivery again to a URL (your handler on localhost), its bytes unchanged, re-signed with the signing secret if asked; records the replay and returns the answer. ' +
        `Needs --allow-send. ${whereSendsGo}`,
      inputSchema: {
        id: z.number().int().min(1),
        url: httpUrl,
        resign: z.boolean().default(false).describe('Sign the body again with the signing secret (a delivery from another account or a changed secret).'),
        new_delivery_id: z.boolean().default(false).describe('A new X-Service-Delivery, as the service sends on a retry.'),
        insecure: z.boolean().default(false).describe("Accept the target's self-signed certificate."),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    ({ id, url, resign, new_delivery_id, insecure }) =>
      audited('replay.send', { deliveryId: id, url, resign, newDeliveryId: new_delivery_id, insecure }, async () => {
        refuseUnlessAllowed(resign);
        // A refused target is recorded too (with its reason), as the agent's; the refusal is a ReplayRequestError (403).
        const record = await replayer.send(
          {
            deliveryId: id,
            url,
            signing: resign ? { mode: 'resign', secret: options.secret! } : { mode: 'keep' },
            deliveryHeader: new_delivery_id ? 'regenerate' : 'keep',
            timestampHeader: 'keep',
            allowSelfSigned: insecure,
          },
          options.sentBy,
        );
        // Re-signed with the signing secret over a body anyone may have chosen: never the signature in the answer.
        return untrustedAnswer(resign ? { ...record, request: { ...record.request, headers: headersWithoutSignatures(record.request.headers) } } : record);
      }),
  );

  server.registerTool(
    'run_handler_check',
    {
      title: 'Check a webhook handler',
      description:
        "Sends the handler the service's real traffic, forgeries and awkward cases, signed with the signing secret, and grades each answer against the spec (security failures first). " +
        `Needs --allow-send. ${whereSendsGo}`,
      inputSchema: {
        url: httpUrl,
        only: z.array(z.string()).default([]).describe('Case ids or categories (rejects-forgeries, acknowledges, ignores-unknown, at-least-once, awkward-payloads); empty: all.'),
        deliveries: z.array(z.number().int().min(1)).max(storedDeliveryLimit).default([]).describe("Also send these stored deliveries (the service's own), signed again with the secret."),
        insecure: z.boolean().default(false),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    ({ url, only, deliveries, insecure }) => {
      const details: Record<string, unknown> = { url, only, deliveryIds: deliveries, insecure };
      return audited('check.start', details, async () => {
        refuseUnlessAllowed(true);
        // Refused before any case is sent (each connection asks again: a name that moves is refused then).
        await options.egress.check(url).catch((error: unknown) => {
          throw error instanceof EgressRefused ? new SendRefused(error.message, 403) : new SendRefused(`the target cannot be reached: ${(error as Error).message}`, 502);
        });
        const secret = options.secret!;
        const cases = [...selectCases(handlerCheckBattery({ secret }), only), ...(await storedDeliveryCases(store, deliveries, secret))];
        const run = await runHandlerCheck(
          { url: new URL(url), allowSelfSigned: insecure, egress: options.egress, readTimeoutMs: defaultSenderLimits.readTimeoutMs, send: (out) => outbound.send(out) },
          cases,
        );
        const { results, ...summary } = checkRunJson(run);
        details.counts = summary.counts;
        // Bodies are long and the agent can re-read them from the JSON: each case with its verdict and answer status.
        return untrustedAnswer({
          ...summary,
          results: results.map(({ exchanges, ...result }) => ({ ...result, answers: exchanges.map((e) => e.response?.status ?? e.error) })),
        });
      });
    },
  );
}
