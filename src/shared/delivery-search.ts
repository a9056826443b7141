import { z } from 'zod';
import { BodyText } from './filter-text';
import { DeliveryFilter, DeliverySummary } from './delivery';

/**
 * A free-text search of the deliveries as a job: a text no index takes (a short single word) is looked for
 * body by body, newest first, and its matches and progress arrive as they are found; any other text is answered
 * at once by the indexes, as a job that is done when it starts.
 */
export const DeliverySearchJob = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'done', 'canceled', 'failed']),
  /** Looked for body by body (no index takes the text); false: answered by an index at once. */
  scanned: z.boolean(),
  /** Matches found so far, newest stored first; the job stops at a page of them. */
  found: z.number().int(),
  /** Deliveries searched so far, newest first, of `toSearch`. */
  searched: z.number().int(),
  toSearch: z.number().int(),
  /** Receive time (ISO) of the oldest delivery searched so far: "back to …"; null before the first. */
  reachedAt: z.string().nullable(),
  /** Deliveries matching, counted as `deliveries.list` counts them; a lower bound when totalCapped. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** Set when it stopped at a full page: the next page is a search below this id. */
  nextBeforeId: z.number().int().nullable(),
  /** The newest stored delivery when the job started, matching or not: catch up with `afterId` from it. */
  latestId: z.number().int(),
  error: z.string().nullable(),
});
export type DeliverySearchJob = z.infer<typeof DeliverySearchJob>;

export const DeliverySearchStart = z.object({
  filter: DeliveryFilter.extend({ text: BodyText.min(1) }),
  /** A page further down: only deliveries stored before this one. */
  beforeId: z.number().int().optional(),
  /** A catch-up: only deliveries stored after this one (a list's `latestId`). */
  afterId: z.number().int().optional(),
  limit: z.number().int().min(1).max(500).default(200),
});
export type DeliverySearchStart = z.infer<typeof DeliverySearchStart>;

export const DeliverySearchPage = z.object({ job: DeliverySearchJob, items: z.array(DeliverySummary) });
export type DeliverySearchPage = z.infer<typeof DeliverySearchPage>;
