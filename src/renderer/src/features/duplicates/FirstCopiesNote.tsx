import { formatCount, plural } from '../../lib/format';

interface FirstCopiesNoteProps {
  /** Copies the summary beside it covers: the group's first ones. */
  listed: number;
  /** Copies in the whole group. */
  total: number;
}

/** Beside a summary of a group's listed copies: that it covers only the first ones, and how many it leaves out. */
export function FirstCopiesNote({ listed, total }: FirstCopiesNoteProps) {
  const unlisted = total - listed;
  if (unlisted <= 0) return null;
  return (
    <span className="muted first-copies-note" data-testid="first-copies-note" data-count={unlisted} title={firstCopiesWords(listed, total)}>
      first {formatCount(listed)}
    </span>
  );
}

/** What a summary over a group's first copies covers, in words (empty when it covers every copy). */
export function firstCopiesWords(listed: number, total: number): string {
  const unlisted = total - listed;
  if (unlisted <= 0) return '';
  return `Over the first ${formatCount(listed)} of ${formatCount(total)} copies; ${plural(unlisted, 'more copy', 'more copies')} not listed.`;
}
