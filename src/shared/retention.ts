import { z } from 'zod';

/** How much of the store to keep: deliveries received within `keepDays`, and at most `keepBytes`; null: no limit. */
export const RetentionLimits = z.object({
  keepDays: z.number().int().min(1).max(36_500).nullable(),
  /** Bytes of stored deliveries: their bodies and headers as received (not the database file's size). */
  keepBytes: z.number().int().min(1).nullable(),
});
export type RetentionLimits = z.infer<typeof RetentionLimits>;

export const unlimitedRetention: RetentionLimits = { keepDays: null, keepBytes: null };

/** What the store keeps and what retention removed, as the top bar and Settings say it. */
export const RetentionStatus = z.object({
  limits: RetentionLimits,
  /** `command_line`: given with `serve --keep-days/--keep-size` for this run, in place of the saved limits. */
  setBy: z.enum(['settings', 'command_line']),
  kept: z.object({ deliveries: z.number().int(), bytes: z.number().int() }),
  pruned: z.object({ count: z.number().int(), lastAt: z.string().nullable() }),
});
export type RetentionStatus = z.infer<typeof RetentionStatus>;
