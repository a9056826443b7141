import { useState } from 'react';
import type { DeliveryDetail } from '../../../../shared/delivery';
import { RouteLink } from '../../components/RouteLink';
import { useNavigate } from '../../hooks/useNavigate';
import { routes } from '../../lib/links';
import { DetailSection } from '../deliveries/detail/DetailSection';

/** A delivery's "compare with…": another delivery's number, or its group's first copy. */
export function CompareWithSection({ detail }: { detail: DeliveryDetail }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const other = Number(text.trim().replace(/^#/, ''));
  const valid = Number.isSafeInteger(other) && other > 0;
  const firstCopy = detail.group && detail.group.firstId !== detail.id ? detail.group.firstId : null;
  return (
    <DetailSection title="Compare" testId="compare-with">
      <form
        className="compare-picker"
        aria-label="Compare with another delivery"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) navigate(routes.compare(detail.id, other), 'push');
        }}
      >
        <label>
          Compare with #
          <input className="mono" inputMode="numeric" size={8} value={text} data-testid="compare-with-input" onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" disabled={!valid} data-testid="compare-with-submit">
          Compare
        </button>
        {firstCopy !== null && (
          <RouteLink to={routes.compare(firstCopy, detail.id)} testId="compare-with-first-copy">
            with the first copy #{firstCopy}
          </RouteLink>
        )}
      </form>
    </DetailSection>
  );
}
