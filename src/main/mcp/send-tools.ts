import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { storedDeliveryLimit } from '../../shared/handler-check';
import { headersWithoutSignatures } from '../../shared/signature-view';
import { verifySignature } from '../core/analysis/signature';
import { handlerCheckBattery } from '../core/handler-check/battery';
import { checkRunJson } from '../core/handler-check/run-json';
import { runHandlerCheck } from '../core/handler-check/run-check';
import { selectCases } from '../core/handler-check/select-cases';
import { storedDeliveryCases } from '../core/handler-check/stored-cases';
import type { Egress } from '../core/outbound/egress-policy';
import { OutboundReplays } from '../core/replay/outbound-replays';
import { ReplayRequestError, Replayer } from '../core/replay/replayer';
import { defaultSenderLimits } from '../core/replay/send-replay';
import type { InspectorStore } from '../core/store/common/inspector-store';
import { ownAnswer, toolError, untrustedAnswer } from './tool-answer';

export interface SendToolsOptions {
  /** The signing secret: to verify, re-sign replays and sign the handler check. Never put in an answer. */
  secret: string | null;
  /** Started with --allow-send: replays and handler checks may go out, under `egress`. */
  allowSend: boolean;
  egress: Egress;
}

const httpUrl = z.url({ protocol: /^https?$/ }).describe('An http:// or https:// URL.');
const notAllowed = toolError('Sending is off: this server was started read-only. Start it with --allow-send to replay deliveries or run the handler check.');
const noSecret = 'No signing secret is known: start the server with --secret-file (or keep one in the data dir).';

export function registerSendTools(server: McpServer, store: InspectorStore, options: SendToolsOptions): void {
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
      description: 'Sends a stored delivery again to a URL (your handler on localhost), its bytes unchanged, re-signed with the signing secret if asked; records the replay and returns the answer. Needs --allow-send.',
      inputSchema: {
        id: z.number().int().min(1),
        url: httpUrl,
        resign: z.boolean().default(false).describe('Sign the body again with the signing secret (a delivery from another account or a changed secret).'),
        new_delivery_id: z.boolean().default(false).describe('A new X-Service-Delivery, as the service sends on a retry.'),
        insecure: z.boolean().default(false).describe("Accept the target's self-signed certificate."),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async ({ id, url, resign, new_delivery_id, insecure }) => {
      if (!options.allowSend) return notAllowed;
      if (resign && !options.secret) return toolError(noSecret);
      try {
        const record = await replayer.send({
          deliveryId: id,
          url,
          signing: resign ? { mode: 'resign', secret: options.secret! } : { mode: 'keep' },
          deliveryHeader: new_delivery_id ? 'regenerate' : 'keep',
          timestampHeader: 'keep',
          allowSelfSigned: insecure,
        });
        // Re-signed with the signing secret over a body anyone may have chosen: never the signature in the answer.
        return untrustedAnswer(resign ? { ...record, request: { ...record.request, headers: headersWithoutSignatures(record.request.headers) } } : record);
      } catch (error) {
        if (error instanceof ReplayRequestError) return toolError(error.message);
        throw error;
      }
    },
  );

  server.registerTool(
    'run_handler_check',
    {
      title: 'Check a webhook handler',
      description: "Sends the handler the service's real traffic, forgeries and awkward cases, signed with the signing secret, and grades each answer against the spec (security failures first). Needs --allow-send.",
      inputSchema: {
        url: httpUrl,
        only: z.array(z.string()).default([]).describe('Case ids or categories (rejects-forgeries, acknowledges, ignores-unknown, at-least-once, awkward-payloads); empty: all.'),
        deliveries: z.array(z.number().int().min(1)).max(storedDeliveryLimit).default([]).describe("Also send these stored deliveries (the service's own), signed again with the secret."),
        insecure: z.boolean().default(false),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async ({ url, only, deliveries, insecure }) => {
      if (!options.allowSend) return notAllowed;
      if (!options.secret) return toolError(noSecret);
      const cases = [...selectCases(handlerCheckBattery({ secret: options.secret }), only), ...(await storedDeliveryCases(store, deliveries, options.secret))];
      const run = await runHandlerCheck(
        { url: new URL(url), allowSelfSigned: insecure, egress: options.egress, readTimeoutMs: defaultSenderLimits.readTimeoutMs, send: (out) => outbound.send(out) },
        cases,
      );
      const { results, ...summary } = checkRunJson(run);
      // Bodies are long and the agent can re-read them from the JSON: each case with its verdict and answer status.
      return untrustedAnswer({
        ...summary,
        results: results.map(({ exchanges, ...result }) => ({ ...result, answers: exchanges.map((e) => e.response?.status ?? e.error) })),
      });
    },
  );
}
