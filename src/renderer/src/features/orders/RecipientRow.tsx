import { useEffect, useRef } from 'react';
import type { RecipientView } from '../../../../shared/lifecycle';
import { FindingCountBadges } from '../../components/Badges';
import { KindLabel, LifecycleStatusBadge, ReorderedBadge, TerminalBadge } from '../../components/LifecycleBadges';
import { RouteLink } from '../../components/RouteLink';
import { plural } from '../../lib/format';
import { routes } from '../../lib/links';

interface RecipientRowProps {
  recipient: RecipientView;
  orderUuid: string;
  open: boolean;
  onToggle: () => void;
}

/** A recipient with its latest derived state; opened, its sends and streams in time order, each a link to its timeline. */
export function RecipientRow({ recipient, orderUuid, open, onToggle }: RecipientRowProps) {
  const rowRef = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (open) rowRef.current?.scrollIntoView({ block: 'nearest' });
    // Only when it opens (e.g. from a link), not on every reload.
  }, [open]);
  const panelId = `recipient-${recipient.recipientKey}`;
  return (
    <li ref={rowRef} className={`recipient-row${open ? ' open' : ''}`} data-testid="recipient-row" data-key={recipient.recipientKey} data-status={recipient.latestStatus ?? ''}>
      <button type="button" className="recipient-head" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <span className="recipient-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="recipient-email">{recipient.email ?? recipient.recipientKey}</span>
        <LifecycleStatusBadge status={recipient.latestStatus} />
        <span className="muted">{plural(recipient.lifecycles.length, 'send or stream', 'sends and streams')}</span>
      </button>
      {open && (
        <div className="recipient-panel" id={panelId}>
          <table className="siblings-table recipient-lifecycles">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Subject</th>
                <th>Status</th>
                <th>Events</th>
                <th>Arrival</th>
                <th>Findings</th>
              </tr>
            </thead>
            <tbody>
              {recipient.lifecycles.map((lifecycle) => (
                <tr key={lifecycle.key} data-testid="recipient-lifecycle" data-key={lifecycle.key}>
                  <td>
                    <KindLabel kind={lifecycle.kind} />
                  </td>
                  <td>
                    <RouteLink to={routes.lifecycle(lifecycle.key)} testId="link-lifecycle" className="mono" title="Open its timeline">
                      {lifecycle.subject}
                    </RouteLink>
                  </td>
                  <td>
                    <span className="badge-group">
                      <LifecycleStatusBadge status={lifecycle.currentStatus} />
                      <TerminalBadge terminal={lifecycle.terminal} />
                    </span>
                  </td>
                  <td className="num">
                    {lifecycle.eventCount}
                    {lifecycle.deliveryCount > lifecycle.eventCount && <span className="muted"> / {lifecycle.deliveryCount}</span>}
                  </td>
                  <td>
                    <ReorderedBadge reordered={lifecycle.reordered} />
                  </td>
                  <td>
                    <FindingCountBadges counts={lifecycle.findingCounts} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <RouteLink to={routes.lifecyclesOfRecipient(orderUuid, recipient.recipientKey)} className="recipient-more">
            Open in the Lifecycles view
          </RouteLink>
        </div>
      )}
    </li>
  );
}
