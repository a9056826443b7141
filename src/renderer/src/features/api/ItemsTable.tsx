import { Fragment, useMemo, useState } from 'react';
import type { ListEndpoint } from '../../../../shared/service-api';
import { parseJsonTree } from '../../lib/json-tree';
import { asRecord, columnsOf, isNested } from '../../lib/records';
import { JsonTreeView } from '../deliveries/detail/JsonTreeView';
import { ItemCell } from './ItemCell';
import { uuidReference } from './uuid-links';

interface ItemsTableProps {
  endpoint: ListEndpoint;
  items: readonly unknown[];
  /** The 1-based position of the first item in the whole list. */
  firstPosition: number;
}

/** A page of records; the columns are the union of their keys, in the order they first appear. */
export function ItemsTable({ endpoint, items, firstPosition }: ItemsTableProps) {
  const records = useMemo(() => items.map(asRecord), [items]);
  const columns = useMemo(() => columnsOf(records), [records]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (cell: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(cell)) next.add(cell);
      return next;
    });

  if (records.length === 0) {
    return (
      <p className="muted api-empty" data-testid="api-table-empty">
        This page has no items.
      </p>
    );
  }
  return (
    <div className="api-table-scroll">
      <table className="api-table" data-testid="api-table" data-rows={records.length} data-columns={columns.length}>
        <thead>
          <tr>
            <th className="api-position" scope="col">
              #
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="mono">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => {
            const expanded = columns.filter((column) => open.has(cellKey(index, column)) && isNested(record[column]));
            return (
              <Fragment key={index}>
                <tr
                  data-testid="api-row"
                  data-index={index}
                  data-uuid={typeof record.uuid === 'string' ? record.uuid : undefined}
                  data-payout-type={typeof record.payout_type === 'string' ? record.payout_type : undefined}
                >
                  <td className="api-position muted">{firstPosition + index}</td>
                  {columns.map((column) => (
                    <ItemCell
                      key={column}
                      value={record[column]}
                      present={Object.hasOwn(record, column)}
                      reference={uuidReference(endpoint, column, record[column], record)}
                      expanded={open.has(cellKey(index, column))}
                      onToggle={() => toggle(cellKey(index, column))}
                    />
                  ))}
                </tr>
                {expanded.length > 0 && (
                  <tr className="api-expansion" data-testid="api-row-expansion">
                    <td />
                    <td colSpan={columns.length}>
                      {expanded.map((column) => (
                        <div key={column} className="api-expanded-value">
                          <div className="api-expanded-key mono">{column}</div>
                          <JsonTreeView root={parseJsonTree(JSON.stringify(record[column]))} />
                        </div>
                      ))}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function cellKey(index: number, column: string): string {
  return `${index}\u0000${column}`;
}
