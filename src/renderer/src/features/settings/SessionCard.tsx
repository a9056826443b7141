import type { Role } from '../../../../shared/roles';
import { useSession } from '../../hooks/useSession';

const roleWords: Record<Role, string> = {
  viewer: 'reads everything; changes nothing',
  member: 'reads everything, replays, exports, imports and orders from the service; server settings are for admins',
  admin: 'may change everything: settings, the secret, retention, ports, the service, sources and forwarding',
};

/** Who this UI is signed in as on a team server, and what their role lets them do. */
export function SessionCard() {
  const session = useSession();
  if (session === null || !session.team) return null;
  return (
    <section className="settings-card" aria-labelledby="settings-session-title">
      <h2 id="settings-session-title">You</h2>
      <p data-testid="session-who">
        Signed in as <strong>{session.user}</strong>, <span data-testid="session-role">{session.role}</span>: {roleWords[session.role]}.
      </p>
    </section>
  );
}
