import type { ReplayRecord } from '../../shared/replay';
import { personalEgress } from '../core/outbound/egress-policy';
import { OutboundReplays } from '../core/replay/outbound-replays';
import { Replayer } from '../core/replay/replayer';
import { defaultSenderLimits } from '../core/replay/send-replay';
import { openStoreAt } from '../core/store/store-location';
import { defineCommand, parseCommandLine } from '@webhook-inspector/command-line';
import { storeLocationFrom } from './store-output';
import { storeUrlOptions } from './store-url';

export const replayDefinition = defineCommand({
  name: 'replay',
  synopsis: ['--id N --to URL [--resign SECRET | --wrong-signature] [--new-delivery-id] [--new-timestamp] [--insecure] [--data-dir DIR] [--store URL]'],
  summary: "Send one stored delivery to a URL as the service would, print the target's answer, and store the replay.",
  description: [
    'It exits 0 only when the target answers 2xx. No redirect is followed.',
    "To an https:// target whose certificate is self-signed or not trusted by this machine it sends nothing and says so, with the certificate's SHA-256 fingerprint to compare with the target's own; --insecure sends anyway.",
  ],
  options: {
    id: { type: 'string', value: 'N', help: 'The stored delivery to send (its arrival number, as in the list and the export).', example: '12' },
    to: { type: 'string', value: 'URL', help: 'The http:// or https:// URL to send it to.', example: 'http://127.0.0.1:3000/webhooks' },
    resign: { type: 'string', value: 'SECRET', help: "Sign the body with this secret (your handler's) in place of the stored signature.", default: 'the signature as received', example: 'whsec_…' },
    'wrong-signature': { type: 'boolean', help: 'Send a signature that cannot be valid, to see your handler refuse it.' },
    'new-delivery-id': { type: 'boolean', help: 'A new X-Service-Delivery, as a fresh attempt would carry.' },
    'new-timestamp': { type: 'boolean', help: 'The current time in X-Service-Timestamp, as a fresh attempt would carry.' },
    insecure: { type: 'boolean', help: "Accept the target's certificate although it is self-signed or not trusted by this machine." },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store holds the delivery (and keeps the replay).',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});

const shownBodyChars = 200;

/** One line of the target's answer: enough to recognize it, never the whole page. */
function shortBody(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > shownBodyChars ? `${line.slice(0, shownBodyChars)}…` : line;
}

function report(record: ReplayRecord): string[] {
  const lines = [`Replayed delivery ${record.deliveryId} to ${record.url}`];
  if (record.response) {
    const cut = record.response.bodyTruncated ? ' (cut)' : '';
    lines.push(`Status: ${record.response.status}`, `Duration: ${record.durationMs} ms`, `Body${cut}: ${shortBody(record.response.body)}`);
  } else {
    lines.push(`Duration: ${record.durationMs} ms`);
  }
  if (record.error) lines.push(`Error: ${record.error}`);
  return lines;
}

/** `replay`: sends one stored delivery to a URL, stores the replay in the data dir, exits 0 only on a 2xx. */
export async function replayCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(replayDefinition, args);
  const id = Number(values.id);
  if (!Number.isInteger(id) || id < 1) throw new Error(`--id must be a delivery id (got ${values.id ?? 'nothing'})`);
  if (!values.to || !/^https?:\/\//.test(values.to) || !URL.canParse(values.to)) {
    throw new Error(`--to must be an http:// or https:// URL (got ${values.to ?? 'nothing'})`);
  }
  if (values.resign === '') throw new Error('--resign needs a secret');
  if (values.resign !== undefined && values['wrong-signature']) throw new Error('give --resign or --wrong-signature, not both');
  const store = await openStoreAt(storeLocationFrom(values));
  const outbound = new OutboundReplays(store, defaultSenderLimits, () => {});
  try {
    const record = await new Replayer(store, outbound, personalEgress()).send({
      deliveryId: id,
      url: values.to,
      signing: values['wrong-signature']
        ? { mode: 'wrong' }
        : values.resign === undefined
          ? { mode: 'keep' }
          : { mode: 'resign', secret: values.resign },
      deliveryHeader: values['new-delivery-id'] ? 'regenerate' : 'keep',
      timestampHeader: values['new-timestamp'] ? 'regenerate' : 'keep',
      allowSelfSigned: values.insecure ?? false,
    });
    for (const line of report(record)) console.log(line);
    const ok = record.error === null && record.response !== null && record.response.status >= 200 && record.response.status < 300;
    if (!ok) process.exitCode = 1;
  } finally {
    await outbound.close();
    await store.close();
  }
}
