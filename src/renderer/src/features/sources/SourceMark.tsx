import { relayName } from './source-words';

/** The small "via relay" mark of a delivery pulled from a relay rather than captured by this machine's receiver. */
export function SourceMark({ source, withName = false }: { source: string | null; withName?: boolean }) {
  if (source === null) return null;
  const name = relayName(source);
  return (
    <span className="source-tag" data-testid="source-mark" title={`Received by the relay ${name} and pulled from it`}>
      {withName ? `via relay ${name}` : 'relay'}
    </span>
  );
}
