import { RouteLink } from '../../components/RouteLink';
import { plural } from '../../lib/format';
import { routes } from '../../lib/links';
import { ReplayManyPanel } from '../replay/ReplayManyPanel';
import { SelectionExports } from '../transfer/SelectionExports';
import type { MarkedDeliveries } from './useMarkedDeliveries';

/** Shown while rows are ticked: replay them, export them, or untick them. */
export function SelectionBar({ marked }: { marked: MarkedDeliveries }) {
  const count = marked.ids.size;
  if (count === 0) return null;
  // Sent oldest first unless the order says otherwise.
  const deliveryIds = [...marked.ids].sort((a, b) => a - b);
  return (
    <div className="selection-bar" data-testid="selection-bar" data-count={count}>
      <div className="selection-bar-head">
        <strong>{plural(count, 'delivery', 'deliveries')} selected</strong>
        <span className="muted">shift-click a box to select a range</span>
        <button type="button" className="link-button" data-testid="selection-clear" onClick={marked.clear}>
          Clear selection
        </button>
        {count === 2 && (
          <RouteLink to={routes.compare(deliveryIds[0]!, deliveryIds[1]!)} testId="selection-compare">
            Compare #{deliveryIds[0]} with #{deliveryIds[1]}
          </RouteLink>
        )}
      </div>
      <ReplayManyPanel selection={{ deliveryIds }} what={count === 1 ? 'it' : `these ${count}`} />
      <SelectionExports selection={{ deliveryIds }} fileStem={`deliveries-${count}`} />
    </div>
  );
}
