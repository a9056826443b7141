import type { ExportScope } from '../core/export/selection';

export interface SelectionFlags {
  ids?: string;
  lifecycle?: string;
  group?: string;
}

/** `--ids 1,2,3`, `--lifecycle KEY` or `--group KEY` (an idempotency key); none of them: every delivery. */
export function scopeFromFlags(flags: SelectionFlags): ExportScope {
  const given = [flags.ids, flags.lifecycle, flags.group].filter((v) => v !== undefined);
  if (given.length > 1) throw new Error('give one of --ids, --lifecycle and --group');
  if (flags.lifecycle !== undefined) return { lifecycleKey: flags.lifecycle };
  if (flags.group !== undefined) return { idempotencyKey: flags.group };
  if (flags.ids !== undefined) {
    const parts = flags.ids.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d+$/.test(part))) throw new Error(`--ids must be delivery ids separated by commas, not "${flags.ids}"`);
    return { deliveryIds: parts.map(Number) };
  }
  return 'all';
}
