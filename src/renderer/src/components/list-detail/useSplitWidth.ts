import { useCallback, useState } from 'react';

/** The list's share of the split, in percent, kept across views and restarts. */
const storageKey = 'webhook-inspector.list-width-percent';
export const defaultListPercent = 58;
/** Neither side narrower than this: the list keeps time, event and verdicts; the detail its digests. */
export const minListPx = 620;
export const minDetailPx = 380;

function readSaved(): number {
  try {
    const saved = Number(window.localStorage.getItem(storageKey));
    return Number.isFinite(saved) && saved >= 10 && saved <= 90 ? saved : defaultListPercent;
  } catch {
    // Storage can be unavailable (a locked-down profile): the default serves.
    return defaultListPercent;
  }
}

/** The percent range the split allows in a container this wide. */
export function splitBounds(containerPx: number): { min: number; max: number } {
  if (containerPx <= minListPx + minDetailPx) return { min: 60, max: 60 };
  return { min: Math.ceil((minListPx / containerPx) * 100), max: Math.floor(100 - (minDetailPx / containerPx) * 100) };
}

/** The list's width in percent, set by dragging or the keyboard, clamped to `splitBounds`, remembered. */
export function useSplitWidth(): [number, (percent: number, containerPx: number) => void] {
  const [percent, setPercent] = useState(readSaved);
  const change = useCallback((next: number, containerPx: number) => {
    const { min, max } = splitBounds(containerPx);
    const clamped = Math.round(Math.min(max, Math.max(min, next)));
    setPercent(clamped);
    try {
      window.localStorage.setItem(storageKey, String(clamped));
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [percent, change];
}
