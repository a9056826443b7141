import { useState } from 'react';
import { useNavigate } from '../../hooks/useNavigate';
import { routes } from '../../lib/links';

const asId = (text: string): number | null => {
  const id = Number(text.trim().replace(/^#/, ''));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Which two deliveries: their numbers, swapped with one button. */
export function ComparePicker({ left, right }: { left: number | null; right: number | null }) {
  const navigate = useNavigate();
  const [leftText, setLeftText] = useState(left === null ? '' : String(left));
  const [rightText, setRightText] = useState(right === null ? '' : String(right));
  const leftId = asId(leftText);
  const rightId = asId(rightText);
  return (
    <form
      className="compare-picker"
      aria-label="Deliveries to compare"
      onSubmit={(event) => {
        event.preventDefault();
        if (leftId !== null && rightId !== null) navigate(routes.compare(leftId, rightId), 'push');
      }}
    >
      <label>
        Left #
        <input className="mono" inputMode="numeric" size={8} value={leftText} data-testid="compare-left-input" onChange={(event) => setLeftText(event.target.value)} />
      </label>
      <label>
        Right #
        <input className="mono" inputMode="numeric" size={8} value={rightText} data-testid="compare-right-input" onChange={(event) => setRightText(event.target.value)} />
      </label>
      <button type="submit" disabled={leftId === null || rightId === null} data-testid="compare-submit">
        Compare
      </button>
      <button
        type="button"
        className="link-button"
        disabled={left === null || right === null}
        title="Put the right delivery on the left"
        data-testid="compare-swap"
        onClick={() => {
          if (left === null || right === null) return;
          setLeftText(String(right));
          setRightText(String(left));
          navigate(routes.compare(right, left), 'push');
        }}
      >
        ⇄ swap
      </button>
    </form>
  );
}
