import { statusTone, statusWord } from '../../lib/lifecycle-words';

const toneOrder = { open: 0, done: 1, failed: 2, stopped: 3, none: 4 } as const;

/** "processing 2 · completed 5": each status as its badge with how many recipients have it as their latest state. */
export function StatusCounts({ counts }: { counts: Record<string, number> }) {
  const entries = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => toneOrder[statusTone(a)] - toneOrder[statusTone(b)] || a.localeCompare(b));
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="badge-group status-counts">
      {entries.map(([status, count]) => (
        <span
          key={status}
          className={`badge tone-${statusTone(status)}`}
          data-status={status}
          data-count={count}
          title={`${count} ${count === 1 ? 'recipient' : 'recipients'} whose latest send or stream is ${statusWord(status)}`}
        >
          {statusWord(status)} {count}
        </span>
      ))}
    </span>
  );
}
