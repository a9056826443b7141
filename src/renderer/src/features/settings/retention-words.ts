import type { RetentionLimits, RetentionStatus } from '../../../../shared/retention';
import { formatBytes, formatCount, formatFullTime, plural } from '../../lib/format';

export function describeRetentionLimits(limits: RetentionLimits): string {
  const parts = [
    limits.keepDays === null ? null : `the last ${plural(limits.keepDays, 'day')}`,
    limits.keepBytes === null ? null : `at most ${formatBytes(limits.keepBytes)}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'keep everything' : `keep ${parts.join(', ')}`;
}

export function describeKept(retention: RetentionStatus): string {
  const { deliveries, bytes } = retention.kept;
  return `${plural(deliveries, 'delivery', 'deliveries')}, ${formatBytes(bytes)}`;
}

export function describePruned(retention: RetentionStatus): string {
  const { count, lastAt } = retention.pruned;
  if (count === 0 || lastAt === null) return 'none pruned';
  return `pruned ${formatCount(count)}, last at ${formatFullTime(lastAt)}`;
}
