import type { ReplayRecord } from '../../shared/replay';
import { personalEgress } from '../core/outbound/egress-policy';
import { OutboundReplays } from '../core/replay/outbound-replays';
import { Replayer } from '../core/replay/replayer';
import { defaultSenderLimits } from '../core/replay/send-replay';
import { openStore } from '../core/store';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { replayDefinition } from './replay-definition';
import { storeLocationFrom } from './store-output';

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
  const store = await openStore(storeLocationFrom(values), { role: 'command' });
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
