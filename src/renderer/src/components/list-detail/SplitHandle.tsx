import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { splitBounds } from './useSplitWidth';

interface SplitHandleProps {
  /** The list's width, in percent of the split. */
  percent: number;
  onChange: (percent: number, containerPx: number) => void;
  /** The split's container: the handle measures against it. */
  containerRef: RefObject<HTMLElement | null>;
}

const keyStep = 2;

/** The bar between the list and the detail: drag it, or focus it and use the arrow keys (Home/End: the limits). */
export function SplitHandle({ percent, onChange, containerRef }: SplitHandleProps) {
  const box = () => containerRef.current?.getBoundingClientRect() ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rect = box();
    if (!rect) return;
    const { min, max } = splitBounds(rect.width);
    const next = { ArrowLeft: percent - keyStep, ArrowRight: percent + keyStep, Home: min, End: max }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next, rect.width);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const rect = box();
    if (rect && rect.width > 0) onChange(((event.clientX - rect.left) / rect.width) * 100, rect.width);
  };

  return (
    <div
      className="split-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the list (arrow keys to resize)"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      tabIndex={0}
      data-testid="split-handle"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => event.currentTarget.releasePointerCapture(event.pointerId)}
    />
  );
}
