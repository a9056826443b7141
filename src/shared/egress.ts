import { z } from 'zod';

/** The allowed targets an admin keeps in Settings → Egress (the grammar is the one of `serve --allow-target`). */
export const EgressRules = z.object({ rules: z.array(z.string().trim().min(1).max(300)).max(500) });
export type EgressRules = z.infer<typeof EgressRules>;

/** The egress policy in force: whether special addresses are refused, and the rules that let some through. */
export const EgressStatus = z.object({
  /** A team server: loopback, private, link-local, unspecified… addresses are refused unless a rule allows them. */
  restricted: z.boolean(),
  /** `serve --allow-target`, for this run: Settings cannot change them. */
  commandLine: z.array(z.string()),
  /** Saved from Settings. */
  saved: z.array(z.string()),
});
export type EgressStatus = z.infer<typeof EgressStatus>;
