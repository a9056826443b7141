import { useMemo } from 'react';
import { JsonTooDeepError, parseJsonTree, type JsonNode } from '../../../lib/json-tree';
import { firstInvalidUtf8Byte } from '../../../lib/raw-bytes';
import { JsonTreeView } from './JsonTreeView';

/** As the core reads a body: a byte-order mark is kept, so it fails JSON rather than being dropped unseen. */
const utf8KeepingMark = new TextDecoder('utf-8', { ignoreBOM: true });
const byteOrderMark = '\uFEFF';

/** The body as a JSON tree, only when it is JSON as received; otherwise why not (the raw view beside it shows the bytes). */
export function PrettyBodyView({ bytes }: { bytes: Uint8Array }) {
  const parsed = useMemo(() => parseReceived(bytes), [bytes]);
  return (
    <div className="pretty-body" data-testid="detail-pretty-body">
      {'root' in parsed ? <JsonTreeView root={parsed.root} /> : <p className="muted">{bytes.length === 0 ? 'No body.' : `${parsed.error}.`}</p>}
    </div>
  );
}

function parseReceived(bytes: Uint8Array): { root: JsonNode } | { error: string } {
  // A lenient decoding would put U+FFFD in place of such bytes and draw a tree of a body that cannot be JSON.
  const invalidAt = firstInvalidUtf8Byte(bytes);
  if (invalidAt !== null) {
    const hex = bytes[invalidAt]!.toString(16).toUpperCase().padStart(2, '0');
    return { error: `Not shown as a tree: the body is not valid UTF-8 at byte ${invalidAt} (\\x${hex}, counting from 0), so it cannot be JSON` };
  }
  const text = utf8KeepingMark.decode(bytes);
  if (text.startsWith(byteOrderMark)) return { error: 'Not valid JSON: the body starts with a UTF-8 byte-order mark, which JSON does not allow' };
  try {
    return { root: parseJsonTree(text) };
  } catch (error) {
    if (error instanceof JsonTooDeepError) return { error: `Not shown as a tree: ${error.message}` };
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
