import { formatFullTime, formatReceivedTime } from '../lib/format';

interface TimeCellProps {
  /** ISO time, or null when there is none. */
  time: string | null;
  /** Before the full time in the tooltip, e.g. `first `. */
  titlePrefix?: string;
  /** The tooltip when there is no time. */
  missingTitle?: string;
  /** More classes for the column, e.g. `dup-last`. */
  className?: string;
}

/** A list row's time column: the short time, the full one on hover. */
export function TimeCell({ time, titlePrefix = '', missingTitle, className }: TimeCellProps) {
  return (
    <span className={`cell cell-time mono${className ? ` ${className}` : ''}`} title={time ? `${titlePrefix}${formatFullTime(time)}` : missingTitle}>
      {time ? formatReceivedTime(time) : '—'}
    </span>
  );
}
