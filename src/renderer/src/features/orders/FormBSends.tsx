import type { LifecycleSummary } from '../../../../shared/lifecycle';
import { RouteLink } from '../../components/RouteLink';
import { plural } from '../../lib/format';
import { routes } from '../../lib/links';
import { StatusCounts } from './StatusCounts';
import { formBSendLimit } from './useOrders';

/**
 * Form B bodies name no order and no recipient (spec 2.3), so their sends belong to no order above:
 * they are listed here by status, so that an order missing a recipient can be read against them.
 */
export function FormBSends({ sends }: { sends: readonly LifecycleSummary[] }) {
  if (sends.length === 0) return null;
  const counts: Record<string, number> = {};
  for (const send of sends) {
    const status = send.currentStatus ?? '(none)';
    counts[status] = (counts[status] ?? 0) + 1;
  }
  const open = sends.filter((send) => !send.terminal).length;
  return (
    <div className="form-b-sends" data-testid="form-b-sends" data-count={sends.length} data-open={open}>
      <span className="muted">Form B sends (no order named):</span>{' '}
      <RouteLink to={routes.formBSends()} testId="link-form-b-sends" title="List them in Lifecycles">
        {plural(sends.length, 'send')}
        {sends.length >= formBSendLimit ? ' (the newest)' : ''}
      </RouteLink>{' '}
      <span className={`badge ${open === 0 ? 'terminal-yes' : 'terminal-no'}`}>{open === 0 ? 'all terminal' : `${open} open`}</span>{' '}
      <StatusCounts counts={counts} />
    </div>
  );
}
