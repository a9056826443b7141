import type { LifecycleEvent } from '../../../../../shared/lifecycle';
import { formatFullTime } from '../../../lib/format';

const width = 640;
const left = 74;
/** Room between the rank labels and the first dot. */
const inset = 12;
const right = 48;
const top = 14;
const bottomAxis = 30;

/**
 * Where the line steps up: an event (by its event rank, as the dots are labelled) that arrived before the
 * event just before it in event time.
 */
export function stepsUp(events: readonly LifecycleEvent[]): { early: number; passed: number }[] {
  const steps: { early: number; passed: number }[] = [];
  for (let i = 1; i < events.length; i++) {
    if (events[i]!.arrivalRank < events[i - 1]!.arrivalRank) steps.push({ early: events[i]!.eventRank, passed: events[i - 1]!.eventRank });
  }
  return steps;
}

/**
 * Event time across, arrival order down: events that arrived in event-time order step down to the
 * right; an event that arrived before an earlier one steps up. One dot per event (duplicates are
 * one dot with their count).
 */
export function ArrivalChart({ events }: { events: readonly LifecycleEvent[] }) {
  if (events.length < 2) return null;
  const n = events.length;
  const rowGap = n > 30 ? 10 : n > 12 ? 16 : 22;
  const height = top + (n - 1) * rowGap + bottomAxis + 8;
  const times = events.map((event) => (event.eventTime === null ? Number.NaN : Date.parse(event.eventTime)));
  const timed = times.every((time) => Number.isFinite(time));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const plotWidth = width - left - inset - right;
  // Without event times (form B) or all at one instant, events are spread by their event rank.
  const x = (index: number) => {
    if (timed && span > 0) return left + inset + (((times[index] ?? first) - first) / span) * plotWidth;
    return left + inset + (n === 1 ? 0 : (index / (n - 1)) * plotWidth);
  };
  const y = (arrivalRank: number) => top + (arrivalRank - 1) * rowGap;
  const points = events.map((event, index) => ({ event, cx: x(index), cy: y(event.arrivalRank) }));
  const axisY = top + (n - 1) * rowGap + 12;
  const labelEvery = Math.ceil(n / 12);

  return (
    <svg
      className="arrival-chart"
      data-testid="arrival-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label="Event time (across) against arrival order (down)"
    >
      {events.map((_, index) =>
        (index + 1) % labelEvery === 0 || index === 0 ? (
          <g key={`rank-${index}`}>
            <line className="chart-grid" x1={left} x2={width - right} y1={y(index + 1)} y2={y(index + 1)} />
            <text className="chart-label" x={left - 8} y={y(index + 1) + 3.5} textAnchor="end">
              arrived #{index + 1}
            </text>
          </g>
        ) : null,
      )}
      <line className="chart-axis" x1={left} x2={width - right} y1={axisY} y2={axisY} />
      <text className="chart-label" x={left + inset} y={axisY + 14} textAnchor="middle">
        {timed ? formatClock(first) : 'event 1'}
      </text>
      <text className="chart-label" x={left + inset + plotWidth} y={axisY + 14} textAnchor="middle">
        {timed ? formatClock(first + span) : `event ${n}`}
      </text>
      <text className="chart-label chart-axis-title" x={left + inset + plotWidth / 2} y={axisY + 14} textAnchor="middle">
        {timed ? 'event time →' : 'event order (no event time) →'}
      </text>
      <polyline className="chart-path" points={points.map(({ cx, cy }) => `${cx},${cy}`).join(' ')} />
      {points.map(({ event, cx, cy }) => {
        const reordered = event.arrivalRank !== event.eventRank;
        const copies = event.copyCount;
        return (
          <g key={event.eventRank} className={reordered ? 'chart-point reordered' : 'chart-point'}>
            <title>
              {`event #${event.eventRank} ${event.event ?? ''} ${event.eventTime ? formatFullTime(event.eventTime) : ''}\narrived #${event.arrivalRank}${reordered ? ' (reordered)' : ''}${copies > 1 ? `, ${copies} copies` : ''}`}
            </title>
            <circle cx={cx} cy={cy} r={copies > 1 ? 6 : 4.5} />
            <text className="chart-point-label" x={cx + 9} y={cy + 3.5}>
              {event.eventRank}
              {copies > 1 ? ` ×${copies}` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function formatClock(ms: number): string {
  const time = formatFullTime(new Date(ms).toISOString());
  return time.slice(11, 23);
}
