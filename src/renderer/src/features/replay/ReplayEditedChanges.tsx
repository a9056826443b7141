import { useQuery } from '@tanstack/react-query';
import type { ReplayRecord } from '../../../../shared/replay';
import { deliveryHeaders } from '../../../../shared/replay-headers';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { PeerText } from '../../components/PeerText';
import { formatBytes } from '../../lib/format';
import { decodeBase64 } from '../../lib/raw-bytes';

/** Lines around a change that are shown unchanged. */
const contextLines = 2;

interface Changes {
  deliveryId: number;
  sizes: { before: number; after: number };
  /** The lines that differ, between the common first and last lines, with a little context. */
  lines: Array<{ kind: ' ' | '-' | '+'; text: string }>;
  headers: Array<{ kind: '-' | '+'; name: string; value: string }>;
}

const lossy = new TextDecoder('utf-8');

/** The lines that differ: the edit lies between the first and the last line that are not the same. */
function lineChanges(before: string, after: string): Changes['lines'] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  if (start === a.length && start === b.length) return [];
  const from = Math.max(0, start - contextLines);
  return [
    ...a.slice(from, start).map((text) => ({ kind: ' ' as const, text })),
    ...a.slice(start, a.length - end).map((text) => ({ kind: '-' as const, text })),
    ...b.slice(start, b.length - end).map((text) => ({ kind: '+' as const, text })),
    ...a.slice(a.length - end, Math.min(a.length, a.length - end + contextLines)).map((text) => ({ kind: ' ' as const, text })),
  ];
}

/** Headers sent that the delivery did not have as they are, and the delivery's that were not sent as they were. */
function headerChanges(stored: Array<[string, string]>, sent: Array<[string, string]>): Changes['headers'] {
  const key = ([name, value]: [string, string]) => `${name.toLowerCase()}\n${value}`;
  const sentKeys = new Set(sent.map(key));
  const storedKeys = new Set(stored.map(key));
  return [
    ...stored.filter((pair) => !sentKeys.has(key(pair))).map(([name, value]) => ({ kind: '-' as const, name, value })),
    ...sent.filter((pair) => !storedKeys.has(key(pair))).map(([name, value]) => ({ kind: '+' as const, name, value })),
  ];
}

/** What a replay sent against its delivery as stored: neither changes once the replay is stored. */
async function readChanges(record: ReplayRecord, signal: AbortSignal): Promise<Changes> {
  const [sent, delivery] = await Promise.all([call('replay.sentBody', { replayId: record.id }, { signal }), call('deliveries.get', { id: record.deliveryId }, { signal })]);
  const before = decodeBase64(delivery.bodyBase64);
  const after = decodeBase64(sent.bodyBase64);
  return {
    deliveryId: delivery.id,
    sizes: { before: before.length, after: after.length },
    lines: lineChanges(lossy.decode(before).replace(/\r\n?/g, '\n'), lossy.decode(after).replace(/\r\n?/g, '\n')),
    headers: headerChanges(deliveryHeaders(delivery.headers), record.request.headers),
  };
}

/** An edited replay against the delivery it was edited from, read when asked: the body's lines and the headers that differ. */
export function ReplayEditedChanges({ record }: { record: ReplayRecord }) {
  const load = useQuery({
    queryKey: ['replay.editedChanges', record.id, record.deliveryId],
    queryFn: ({ signal }) => readChanges(record, signal),
    enabled: false,
    staleTime: Infinity,
  });
  const changes = load.data ?? null;

  return (
    <div className="replay-edited-changes" data-testid="replay-edited-changes">
      {changes === null ? (
        <button type="button" data-testid="replay-edited-show" disabled={load.isFetching} onClick={() => void load.refetch()}>
          {load.isFetching ? 'Reading…' : `Show what was edited from delivery #${record.deliveryId}`}
        </button>
      ) : (
        <>
          <div className="body-view-title">
            Edited from delivery #{changes.deliveryId}{' '}
            <span className="muted">
              body {formatBytes(changes.sizes.before)} → {formatBytes(changes.sizes.after)}
            </span>
          </div>
          {changes.lines.length === 0 ? (
            <p className="muted">The body was sent as stored.</p>
          ) : (
            <pre className="raw-body replay-edited-diff" data-testid="replay-edited-diff">
              {changes.lines.map((line, index) => (
                <div key={index} className={`diff-line diff-${line.kind === '+' ? 'added' : line.kind === '-' ? 'removed' : 'same'}`}>
                  {line.kind} <PeerText text={line.text} />
                </div>
              ))}
            </pre>
          )}
          {changes.headers.length > 0 && (
            <ul className="replay-edited-headers mono" data-testid="replay-edited-headers">
              {changes.headers.map((header, index) => (
                <li key={index} className={header.kind === '+' ? 'diff-added' : 'diff-removed'}>
                  {header.kind} <PeerText text={`${header.name}: ${header.value}`} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CallErrorMessage error={load.error} testId="replay-edited-error" />
    </div>
  );
}
