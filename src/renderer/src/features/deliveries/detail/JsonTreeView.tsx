import { useState, type ReactNode } from 'react';
import type { JsonNode } from '../../../lib/json-tree';

/** Containers deeper than this, or bigger than `largeContainer`, start folded. */
const openDepth = 3;
const largeContainer = 50;

/** A collapsible JSON tree: keys in the order sent, numbers exactly as sent, duplicate keys flagged. */
export function JsonTreeView({ root }: { root: JsonNode }) {
  return (
    <div className="json-tree" role="tree">
      <JsonValue node={root} label={null} depth={0} last />
    </div>
  );
}

interface JsonValueProps {
  node: JsonNode;
  /** Object key, array index, or null at the root. */
  label: ReactNode;
  depth: number;
  last: boolean;
}

function JsonValue({ node, label, depth, last }: JsonValueProps) {
  if (node.kind === 'object' || node.kind === 'array') return <JsonContainer node={node} label={label} depth={depth} last={last} />;
  return (
    <div className="json-line" role="treeitem">
      {label}
      <JsonScalar node={node} />
      {!last && <span className="json-punct">,</span>}
    </div>
  );
}

function JsonScalar({ node }: { node: Exclude<JsonNode, { kind: 'object' } | { kind: 'array' }> }) {
  switch (node.kind) {
    case 'string':
      return <span className="json-string">{JSON.stringify(node.value)}</span>;
    case 'number':
      return <span className="json-number">{node.text}</span>;
    case 'literal':
      return <span className={`json-${node.text === 'null' ? 'null' : 'boolean'}`}>{node.text}</span>;
  }
}

function JsonContainer({ node, label, depth, last }: JsonValueProps & { node: Extract<JsonNode, { kind: 'object' } | { kind: 'array' }> }) {
  const size = node.kind === 'object' ? node.entries.length : node.items.length;
  const [open, setOpen] = useState(depth < openDepth && (depth === 0 || size <= largeContainer));
  const [opener, closer] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
  const comma = last ? null : <span className="json-punct">,</span>;

  if (size === 0) {
    return (
      <div className="json-line" role="treeitem">
        {label}
        <span className="json-punct">
          {opener}
          {closer}
        </span>
        {comma}
      </div>
    );
  }
  const summary = node.kind === 'object' ? `${size} ${size === 1 ? 'key' : 'keys'}` : `${size} ${size === 1 ? 'item' : 'items'}`;
  return (
    <details className="json-node" open={open} onToggle={(event) => setOpen(event.currentTarget.open)} role="treeitem" aria-expanded={open}>
      <summary className="json-line">
        {label}
        <span className="json-punct">{opener}</span>
        {!open && (
          <>
            <span className="json-summary">{summary}</span>
            <span className="json-punct">{closer}</span>
            {comma}
          </>
        )}
      </summary>
      {open && (
        <>
          <div className="json-children" role="group">
            {node.kind === 'object'
              ? node.entries.map((entry, index) => (
                  <JsonValue
                    key={index}
                    node={entry.value}
                    depth={depth + 1}
                    last={index === size - 1}
                    label={<ObjectKey name={entry.key} duplicate={entry.duplicate} />}
                  />
                ))
              : node.items.map((item, index) => (
                  <JsonValue key={index} node={item} depth={depth + 1} last={index === size - 1} label={<span className="json-index">{index}: </span>} />
                ))}
          </div>
          <div className="json-line">
            <span className="json-punct">{closer}</span>
            {comma}
          </div>
        </>
      )}
    </details>
  );
}

function ObjectKey({ name, duplicate }: { name: string; duplicate: boolean }) {
  return (
    <>
      <span className="json-key">{JSON.stringify(name)}</span>
      {duplicate && (
        <span className="badge severity-warning json-duplicate" title="This key appeared earlier in the same object; most parsers keep only the last value">
          duplicate key
        </span>
      )}
      <span className="json-punct">: </span>
    </>
  );
}
