import type { AuditEntry } from '../../../../shared/team';
import { formatFullTime } from '../../lib/format';

/** A role change as old → new ("bob: member → admin"); an entry recorded before the old role was kept says the new one only. */
function roleChange(entry: AuditEntry): string | null {
  if (entry.action !== 'users.setRole' || typeof entry.details !== 'object' || entry.details === null) return null;
  const { name, role, previousRole } = entry.details as Record<string, unknown>;
  if (typeof role !== 'string') return null;
  const who = entry.target ?? (typeof name === 'string' ? name : '');
  return typeof previousRole === 'string' ? `${who}: ${previousRole} → ${role}` : `${who} → ${role}`;
}

/** What a change was about: its target, else its input in one line. */
function what(entry: AuditEntry): string {
  const change = roleChange(entry);
  if (change !== null) return change;
  if (entry.target !== null) return entry.target;
  const details = JSON.stringify(entry.details);
  return details === '{}' ? '' : details;
}

export function AuditLogTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <table className="team-table" data-testid="audit-table">
      <thead>
        <tr>
          <th>When</th>
          <th>Who</th>
          <th>Action</th>
          <th>Target / what</th>
          <th>Outcome</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-row" data-action={entry.action} data-status={entry.status}>
            <td>{formatFullTime(entry.at)}</td>
            <td>{entry.actor}</td>
            <td className="mono">{entry.action}</td>
            <td className="mono audit-what" title={JSON.stringify(entry.details)}>
              {what(entry)}
            </td>
            <td className={entry.status < 300 ? 'audit-ok' : 'audit-failed'}>{entry.status < 300 ? 'ok' : `${entry.status}: ${entry.outcome}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
