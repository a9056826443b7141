import { z } from 'zod';
import { DeliverySearchJob, DeliverySearchPage, DeliverySearchStart } from '../delivery-search';
import type { Role } from '../role';

/** A job's id as the core gave it (a UUID). */
const JobId = z.string().max(100);

/** A free-text search of the stored deliveries, as a job. */
export const calls = {
  /** A free-text search as a job (a short word no index takes is searched body by body, newest first). */
  'deliveries.search.start': { input: DeliverySearchStart, output: DeliverySearchJob },
  /**
   * The job and its matches from the `from`-th on. With `waitMs`, a running job's answer waits (up to then) for
   * something new: a match, progress (at most every 100 ms), or its end.
   */
  'deliveries.search.page': {
    input: z.object({ jobId: JobId, from: z.number().int().min(0).default(0), waitMs: z.number().int().min(0).max(10_000).default(0) }),
    output: DeliverySearchPage,
  },
  /** Stops a running search, keeping what it found; a finished one is returned as it is. */
  'deliveries.search.cancel': { input: z.object({ jobId: JobId }), output: DeliverySearchJob },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'deliveries.search.start': 'viewer',
  'deliveries.search.page': 'viewer',
  'deliveries.search.cancel': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;
