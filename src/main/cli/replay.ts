import { readFileSync, statSync } from 'node:fs';
import { ReplayEdit, editedBodyLimitBytes, type ReplayRecord, type ReplaySigning } from '../../shared/replay';
import { deliveryHeaders, withHeader, withoutHeader } from '../../shared/replay-headers';
import { personalEgress } from '../core/outbound/egress-policy';
import { fileSecretStore } from '../core/signing-secret';
import type { StoreReader } from '../core/store/reader';
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
  const lines = [`Replayed delivery ${record.deliveryId}${record.edited ? ' (edited)' : ''} to ${record.url}`];
  if (record.response) {
    const cut = record.response.bodyTruncated ? ' (cut)' : '';
    lines.push(`Status: ${record.response.status}`, `Duration: ${record.durationMs} ms`, `Body${cut}: ${shortBody(record.response.body)}`);
  } else {
    lines.push(`Duration: ${record.durationMs} ms`);
  }
  if (record.error) lines.push(`Error: ${record.error}`);
  return lines;
}

/** One `--header` as typed: `NAME: VALUE` sets it, `NAME:` removes it. */
function headerChange(typed: string): { name: string; value: string | null } {
  const colon = typed.indexOf(':');
  if (colon < 1) throw new Error(`--header needs 'NAME: VALUE' (or 'NAME:' to remove it), got '${typed}'`);
  const name = typed.slice(0, colon).trim();
  const value = typed.slice(colon + 1).replace(/^[ \t]+/, '');
  return { name, value: value === '' ? null : value };
}

/** The body file's exact bytes, within the edited body limit. */
function bodyFile(file: string): Buffer {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Error(`--body-file ${file}: there is no such file`);
  }
  if (size > editedBodyLimitBytes) throw new Error(`--body-file ${file}: ${size} bytes, more than an edited body may be (${editedBodyLimitBytes} bytes)`);
  return readFileSync(file);
}

/** The edit of --body-file and --header, over the stored headers as a replay sends them; undefined when neither was given. */
async function editFrom(store: StoreReader, id: number, values: { 'body-file'?: string; header?: string[] }): Promise<ReplayEdit | undefined> {
  const changes = (values.header ?? []).map(headerChange);
  if (values['body-file'] === undefined && changes.length === 0) return undefined;
  const edit: ReplayEdit = {};
  if (values['body-file'] !== undefined) edit.bodyBase64 = bodyFile(values['body-file']).toString('base64');
  if (changes.length > 0) {
    const source = await store.replaySources.one(id);
    if (!source) throw new Error(`no delivery ${id}`);
    let headers = deliveryHeaders(source.headers);
    for (const { name, value } of changes) headers = value === null ? withoutHeader(headers, name) : withHeader(headers, name, value);
    edit.headers = headers;
  }
  const checked = ReplayEdit.safeParse(edit);
  if (!checked.success) throw new Error(`--header: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  return checked.data;
}

/** The signing asked for; with an edited body, the secret in force unless told otherwise. */
function signingFrom(values: { resign?: string; 'wrong-signature'?: boolean; 'keep-signature'?: boolean; 'body-file'?: string }): ReplaySigning {
  if (values.resign === '') throw new Error('--resign needs a secret');
  const chosen = [values.resign !== undefined && '--resign', values['wrong-signature'] && '--wrong-signature', values['keep-signature'] && '--keep-signature'].filter(Boolean);
  if (chosen.length > 1) throw new Error(`give ${chosen.join(' or ')}, not both`);
  if (values['wrong-signature']) return { mode: 'wrong' };
  if (values.resign !== undefined) return { mode: 'resign', secret: values.resign };
  if (values['body-file'] !== undefined && !values['keep-signature']) return { mode: 'resign' };
  return { mode: 'keep' };
}

/** `replay`: sends one stored delivery (edited first, if asked) to a URL, stores the replay in the data dir, exits 0 only on a 2xx. */
export async function replayCommand(args: string[]): Promise<void> {
  const { values } = parseCommandLine(replayDefinition, args);
  const id = Number(values.id);
  if (!Number.isInteger(id) || id < 1) throw new Error(`--id must be a delivery id (got ${values.id ?? 'nothing'})`);
  if (!values.to || !/^https?:\/\//.test(values.to) || !URL.canParse(values.to)) {
    throw new Error(`--to must be an http:// or https:// URL (got ${values.to ?? 'nothing'})`);
  }
  const signing = signingFrom(values);
  const location = storeLocationFrom(values);
  const store = await openStore(location, { role: 'command' });
  const outbound = new OutboundReplays(store, defaultSenderLimits, () => {});
  // The secret the data dir keeps in its file (a desktop keychain's is out of reach), read only when it signs.
  const inForce = () => {
    const secret = fileSecretStore(location.dataDir, 'signing-secret').load();
    if (secret === null) throw new Error(`no signing secret is kept in ${location.dataDir}: give --resign SECRET, or --keep-signature to send the stored one`);
    return secret;
  };
  try {
    const edit = await editFrom(store, id, values);
    const record = await new Replayer(store, outbound, personalEgress()).send(
      {
        deliveryId: id,
        url: values.to,
        signing,
        deliveryHeader: values['new-delivery-id'] ? 'regenerate' : 'keep',
        timestampHeader: values['new-timestamp'] ? 'regenerate' : 'keep',
        allowSelfSigned: values.insecure ?? false,
        edit,
      },
      null,
      inForce,
    );
    for (const line of report(record)) console.log(line);
    const ok = record.error === null && record.response !== null && record.response.status >= 200 && record.response.status < 300;
    if (!ok) process.exitCode = 1;
  } finally {
    await outbound.close();
    await store.close();
  }
}
