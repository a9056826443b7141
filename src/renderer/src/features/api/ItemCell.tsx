import type { UuidReference } from './uuid-links';
import { UuidCell } from './UuidCell';

interface ItemCellProps {
  value: unknown;
  /** The record has this key (a missing key is left blank; null says null). */
  present: boolean;
  reference: UuidReference | null;
  expanded: boolean;
  onToggle: () => void;
}

/** One value of a record: scalars as they are, nested values folded to a count that opens as JSON. */
export function ItemCell({ value, present, reference, expanded, onToggle }: ItemCellProps) {
  if (!present) return <td className="api-cell api-missing" title="This record has no such key" />;
  if (reference) {
    return (
      <td className="api-cell api-uuid-cell">
        <UuidCell reference={reference} />
      </td>
    );
  }
  if (typeof value === 'object' && value !== null) {
    const size = Array.isArray(value) ? value.length : Object.keys(value).length;
    const summary = Array.isArray(value) ? `[${size} ${size === 1 ? 'item' : 'items'}]` : `{${size} ${size === 1 ? 'key' : 'keys'}}`;
    return (
      <td className="api-cell">
        <button type="button" className="api-nested" data-testid="api-cell-expand" aria-expanded={expanded} onClick={onToggle} title={expanded ? 'Fold' : 'Show as JSON'}>
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {summary}
        </button>
      </td>
    );
  }
  if (typeof value === 'string') {
    return (
      <td className="api-cell api-string" title={value}>
        {value}
      </td>
    );
  }
  const kind = value === null ? 'json-null' : typeof value === 'boolean' ? 'json-boolean' : 'json-number';
  return <td className={`api-cell mono ${kind}`}>{value === null ? 'null' : String(value)}</td>;
}
