import { useEffect, useState } from 'react';
import { call } from '../api/client';

// Whether the core is a team server does not change while it runs: asked once per page.
let asked: Promise<boolean> | null = null;
let known: boolean | null = null;

/**
 * Whether this is a team server (serve --team), which reads and writes no files of its own for a user: its exports
 * are downloads and its imports uploads. Null until known.
 */
export function useTeamServer(): boolean | null {
  const [team, setTeam] = useState<boolean | null>(known);
  useEffect(() => {
    if (known !== null) return;
    asked ??= call('status.get', {}).then((status) => (known = status.team));
    let current = true;
    asked.then(
      (value) => current && setTeam(value),
      () => (asked = null),
    );
    return () => {
      current = false;
    };
  }, []);
  return team;
}
