import { useSession } from './useSession';

/**
 * Whether this is a team server (serve --team), which reads and writes no files of its own for a user: its exports
 * are downloads and its imports uploads. Null until the session is read.
 */
export function useTeamServer(): boolean | null {
  return useSession()?.team ?? null;
}
