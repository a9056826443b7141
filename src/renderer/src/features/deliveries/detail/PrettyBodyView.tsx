import { useMemo } from 'react';
import { parseJsonTree, type JsonNode } from '../../../lib/json-tree';
import { JsonTreeView } from './JsonTreeView';

const utf8 = new TextDecoder('utf-8');

export function PrettyBodyView({ bytes }: { bytes: Uint8Array }) {
  const parsed = useMemo((): { root: JsonNode } | { error: string } => {
    try {
      return { root: parseJsonTree(utf8.decode(bytes)) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [bytes]);

  return (
    <div className="pretty-body" data-testid="detail-pretty-body">
      {'root' in parsed ? (
        <JsonTreeView root={parsed.root} />
      ) : (
        <p className="muted">{bytes.length === 0 ? 'No body.' : `Not valid JSON: ${parsed.error}.`}</p>
      )}
    </div>
  );
}
