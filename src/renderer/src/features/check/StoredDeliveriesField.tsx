import { useId, useState } from 'react';
import { storedDeliveryLimit } from '../../../../shared/handler-check';
import { RouteLink } from '../../components/RouteLink';
import { FormProblem } from '../../components/form/FormProblems';
import { parseDeliveryIds } from '../../lib/delivery-ids';
import { routes } from '../../lib/links';

interface StoredDeliveriesFieldProps {
  deliveryIds: number[];
  onChange: (deliveryIds: number[]) => void;
}

/** The stored deliveries a run also sends: added by id, listed (each a link to it), each removable. */
export function StoredDeliveriesField({ deliveryIds, onChange }: StoredDeliveriesFieldProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const { ids, invalid } = parseDeliveryIds(text);
    const next = [...deliveryIds, ...ids.filter((id) => !deliveryIds.includes(id))];
    if (invalid.length > 0) setProblem(`${invalid.map((part) => `"${part}"`).join(', ')}: a delivery is named by its number, as Deliveries shows it (#12)`);
    else if (next.length > storedDeliveryLimit) setProblem(`A run sends at most ${storedDeliveryLimit} stored deliveries: remove some first`);
    else {
      setProblem(null);
      setText('');
      onChange(next);
    }
  };

  return (
    <div className="field check-stored" data-testid="check-stored">
      <label htmlFor={inputId}>
        Also send stored deliveries{' '}
        <span className="muted">
          each body as it was received, signed again with the run&apos;s secret; the service&apos;s own forms only, and a 2xx expected
        </span>
      </label>
      <div className="check-stored-entry">
        <input
          id={inputId}
          data-testid="check-stored-input"
          inputMode="numeric"
          spellCheck={false}
          autoComplete="off"
          placeholder="12, 40"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the ids typed; it does not start the run.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" data-testid="check-stored-add" disabled={text.trim() === ''} onClick={add}>
          Add
        </button>
      </div>
      <FormProblem problem={problem} testId="check-stored-problem" />
      {deliveryIds.length > 0 && (
        <ul className="check-stored-list" aria-label="Stored deliveries the run also sends">
          {deliveryIds.map((id) => (
            <li key={id} className="badge check-stored-item" data-testid="check-stored-item" data-id={id}>
              <RouteLink to={routes.delivery(id)} title={`Delivery #${id}, in Deliveries`}>
                #{id}
              </RouteLink>
              <button
                type="button"
                className="link-button"
                data-testid="check-stored-remove"
                aria-label={`Remove delivery ${id}`}
                title={`Remove delivery ${id}`}
                onClick={() => onChange(deliveryIds.filter((other) => other !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
