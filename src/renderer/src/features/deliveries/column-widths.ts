import type { CSSProperties } from 'react';
import type { DeliverySummary } from '../../../../shared/delivery';
import { formatCount, formatReceivedTime } from '../../lib/format';

/*
 * Widths measured in Chromium with DejaVu Sans / DejaVu Sans Mono, wider than the other systems' UI and mono
 * fonts, so what fits here fits there. Rows of a virtual list are grids of their own: the widths are the
 * widest the loaded rows need, so every row lines up and none is cut.
 */
const cellPadding = 12;
const monoCharPx = 7.3;
const badgeMonoCharPx = 6.7;
const badgeDigitPx = 7.1;
const badgeChrome = 14;
const badgeGap = 3;
/** "1 err", "1 warn", "1 info" badges as drawn, one digit each. */
const severityBadgePx = { error: 41, warning: 52, info: 46 } as const;

function timeWidth(receivedAt: string, now: Date): number {
  return formatReceivedTime(receivedAt, now).length * monoCharPx + cellPadding;
}

function duplicateWidth(count: number): number {
  return count <= 1 ? 0 : (1 + formatCount(count).length) * badgeMonoCharPx + badgeChrome + cellPadding;
}

function findingsWidth(counts: DeliverySummary['findingCounts']): number {
  const badges = (['error', 'warning', 'info'] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => severityBadgePx[severity] + (formatCount(counts[severity]).length - 1) * badgeDigitPx);
  return badges.reduce((sum, width) => sum + width, 0) + Math.max(0, badges.length - 1) * badgeGap + cellPadding;
}

/** The time, duplicate and findings columns, as wide as the loaded rows need (never narrower than their headers). */
export function deliveryColumnWidths(items: readonly DeliverySummary[], now = new Date()): CSSProperties {
  let time = 100;
  let duplicates = 40;
  let findings = 64;
  for (const item of items) {
    time = Math.max(time, timeWidth(item.receivedAt, now));
    duplicates = Math.max(duplicates, duplicateWidth(item.duplicateCount));
    findings = Math.max(findings, findingsWidth(item.findingCounts));
  }
  return {
    '--time-col': `${Math.ceil(time)}px`,
    '--dup-col': `${Math.ceil(duplicates)}px`,
    '--findings-col': `${Math.ceil(findings)}px`,
  } as CSSProperties;
}
