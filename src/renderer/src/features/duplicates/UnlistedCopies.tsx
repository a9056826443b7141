import { plural } from '../../lib/format';

interface UnlistedCopiesProps {
  /** Copies in the whole group. */
  total: number;
  listed: number;
  /** Where all of them are, when somewhere is. */
  whereAll?: string;
}

/** Below a group's bounded list of copies: how many it leaves out, and where to find them all. */
export function UnlistedCopies({ total, listed, whereAll }: UnlistedCopiesProps) {
  const unlisted = total - listed;
  if (unlisted <= 0) return null;
  return (
    <p className="muted" data-testid="unlisted-copies" data-count={unlisted}>
      {plural(unlisted, 'more copy', 'more copies')} not listed
      {whereAll ? `: ${whereAll}` : '.'}
    </p>
  );
}
