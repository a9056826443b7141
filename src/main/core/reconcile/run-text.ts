import { reconcileClassLabels, reconcileClasses, type ReconcileRun, type ReconcileRow } from '../../../shared/reconcile';

const order: Record<ReconcileRow['class'], number> = { contradicts: 0, behind: 1, never_heard: 2, unknown_to_api: 3, agrees: 4 };

function rowTitle(row: ReconcileRow): string {
  const p = row.payout;
  if (!p) return `${row.lifecycleKeys.join(', ')} (order ${row.orderUuid ?? '?'})`;
  const who = p.recipientEmail ?? p.recipientUuid ?? p.sendId ?? '?';
  return `payout ${p.uuid ?? '?'} (order ${p.orderUuid ?? '?'}, ${who})`;
}

/** A run as the command prints it: the counts, what changed since, then each row that does not agree, worst first. */
export function reconcileRunText(run: ReconcileRun): string[] {
  const lines: string[] = [];
  const p = run.progress;
  lines.push(
    `reconcile ${run.state}: ${p.payouts.items} payouts and ${p.payoutOrders.items} payout orders from ${run.service ?? 'the API'} (${p.payouts.pagesDone + p.payoutOrders.pagesDone} pages within ${run.requestsPerSecond} requests/s)${run.since ? `, changed since ${run.since}` : ''}`,
  );
  if (run.error) lines.push(`error: ${run.error}`);
  lines.push(`  ${reconcileClasses.map((c) => `${reconcileClassLabels[c].toLowerCase()} ${run.counts[c]}`).join(' · ')}${run.beyondRetryWindow > 0 ? ` (${run.beyondRetryWindow} beyond the retry window)` : ''}`);
  if (run.changes) {
    const moved = run.changes.changed.slice(0, 10).map((c) => `${c.id}: ${c.from ?? 'new'} → ${c.to ?? 'gone'}`);
    lines.push(`  since the run of ${run.changes.previousStartedAt}: ${run.changes.changedCount} changed${moved.length > 0 ? ` (${moved.join('; ')}${run.changes.changedCount > moved.length ? '; …' : ''})` : ''}`);
  }
  const shown = run.rows.filter((r) => r.class !== 'agrees').sort((a, b) => order[a.class] - order[b.class]);
  for (const row of shown) {
    lines.push('', `${reconcileClassLabels[row.class].toUpperCase()}  ${rowTitle(row)}`, `    ${row.summary}`);
    if (row.missingEvents.length > 0) lines.push(`    missing: ${row.missingEvents.join(', ')}`);
    if (row.retry) lines.push(`    retry: ${row.retry.text}`);
    for (const reason of row.reasons) lines.push(`    why: ${reason.text}`);
    for (const note of row.notes) lines.push(`    note: ${note}`);
    if (row.deliveryIds.length > 0) lines.push(`    deliveries: ${row.deliveryIds.slice(0, 10).map((id) => `#${id}`).join(' ')}${row.deliveryIds.length > 10 ? ' …' : ''}`);
  }
  if (run.unmatched.length > 0) {
    lines.push('', `could not match ${run.unmatched.length}:`);
    for (const u of run.unmatched.slice(0, 50)) lines.push(`  ${u.what}${u.id ? ` ${u.id}` : ''}: ${u.why}`);
    if (run.unmatched.length > 50) lines.push(`  … and ${run.unmatched.length - 50} more (--json lists them all)`);
  }
  return lines;
}
