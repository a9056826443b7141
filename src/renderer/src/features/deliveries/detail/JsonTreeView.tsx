import { useMemo, useState, type ReactNode } from 'react';
import { jsonStringLiteral, type JsonNode } from '../../../lib/json-tree';

/** Containers deeper than this, or bigger than `largeContainer`, start folded. */
const openDepth = 3;
const largeContainer = 50;
/**
 * So that no body can stall the window (each container is a <details>, some milliseconds of
 * layout each; half a million items froze it for minutes): a container lists this many children,
 * then offers as many more at a time; and containers start open (breadth first) only while the
 * lines shown stay under `initialLines`.
 */
const childrenShownAtOnce = 200;
const initialLines = 400;

type Container = Extract<JsonNode, { kind: 'object' } | { kind: 'array' }>;

function childrenOf(node: JsonNode): JsonNode[] {
  if (node.kind === 'object') return node.entries.map((entry) => entry.value);
  return node.kind === 'array' ? node.items : [];
}

/** A container's first `count` children, each with its label: the key of an object's entry, an array item's index. */
function shownChildrenOf(node: Container, count: number): Array<{ child: JsonNode; label: ReactNode }> {
  return node.kind === 'object'
    ? node.entries.slice(0, count).map((entry) => ({ child: entry.value, label: <ObjectKey name={entry.key} duplicate={entry.duplicate} /> }))
    : node.items.slice(0, count).map((item, index) => ({ child: item, label: <span className="json-index">{index}: </span> }));
}

/** The containers that start open: the root, then small ones near the top while they fit in `initialLines`. */
function initiallyOpen(root: JsonNode): ReadonlySet<JsonNode> {
  const open = new Set<JsonNode>();
  let lines = 1;
  let level = [root];
  for (let depth = 0; depth < openDepth && level.length > 0; depth++) {
    const next: JsonNode[] = [];
    for (const node of level) {
      const children = childrenOf(node).slice(0, childrenShownAtOnce);
      if (children.length === 0) continue;
      if (depth > 0 && (childrenOf(node).length > largeContainer || lines + children.length + 1 > initialLines)) continue;
      open.add(node);
      lines += children.length + 1;
      next.push(...children);
    }
    level = next;
  }
  return open;
}

/** A collapsible JSON tree: keys in the order sent, numbers exactly as sent, duplicate keys flagged. */
export function JsonTreeView({ root }: { root: JsonNode }) {
  const openAtFirst = useMemo(() => initiallyOpen(root), [root]);
  return (
    <div className="json-tree" role="tree">
      <JsonValue node={root} label={null} depth={0} last openAtFirst={openAtFirst} />
    </div>
  );
}

interface JsonValueProps {
  node: JsonNode;
  /** Object key, array index, or null at the root. */
  label: ReactNode;
  depth: number;
  last: boolean;
  openAtFirst: ReadonlySet<JsonNode>;
}

function JsonValue({ node, label, depth, last, openAtFirst }: JsonValueProps) {
  if (node.kind === 'object' || node.kind === 'array') {
    return <JsonContainer node={node} label={label} depth={depth} last={last} openAtFirst={openAtFirst} />;
  }
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
      return <span className="json-string">{jsonStringLiteral(node.value)}</span>;
    case 'number':
      return <span className="json-number">{node.text}</span>;
    case 'literal':
      return <span className={`json-${node.text === 'null' ? 'null' : 'boolean'}`}>{node.text}</span>;
  }
}

function JsonContainer({ node, label, depth, last, openAtFirst }: JsonValueProps & { node: Container }) {
  const size = node.kind === 'object' ? node.entries.length : node.items.length;
  const [open, setOpen] = useState(() => openAtFirst.has(node));
  const [shownChildren, setShownChildren] = useState(childrenShownAtOnce);
  const hiddenChildren = size - Math.min(size, shownChildren);
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
            {shownChildrenOf(node, shownChildren).map(({ child, label }, index) => (
              <JsonValue key={index} node={child} depth={depth + 1} last={index === size - 1} label={label} openAtFirst={openAtFirst} />
            ))}
            {hiddenChildren > 0 && (
              <div className="json-line">
                <button type="button" className="link-button" onClick={() => setShownChildren((shown) => shown + childrenShownAtOnce)}>
                  Show {Math.min(hiddenChildren, childrenShownAtOnce).toLocaleString('en-US')} more ({hiddenChildren.toLocaleString('en-US')} not shown)
                </button>
              </div>
            )}
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
      <span className="json-key">{jsonStringLiteral(name)}</span>
      {duplicate && (
        <span className="badge severity-warning json-duplicate" title="This key appeared earlier in the same object; most parsers keep only the last value">
          duplicate key
        </span>
      )}
      <span className="json-punct">: </span>
    </>
  );
}
