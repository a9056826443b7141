import { useMemo } from 'react';
import { JsonTooDeepError, parseJsonTree, type JsonNode } from '../../../lib/json-tree';
import { JsonTreeView } from './JsonTreeView';

const utf8 = new TextDecoder('utf-8');

export function PrettyBodyView({ bytes }: { bytes: Uint8Array }) {
  const parsed = useMemo((): { root: JsonNode } | { error: string } => {
    try {
      return { root: parseJsonTree(utf8.decode(bytes)) };
    } catch (error) {
      if (error instanceof JsonTooDeepError) return { error: `Not shown as a tree: ${error.message}` };
      return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
  }, [bytes]);

  return (
    <div className="pretty-body" data-testid="detail-pretty-body">
      {'root' in parsed ? (
        <JsonTreeView root={parsed.root} />
      ) : (
        <p className="muted">{bytes.length === 0 ? 'No body.' : `${parsed.error}.`}</p>
      )}
    </div>
  );
}
