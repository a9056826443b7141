import { z } from 'zod';
import { FetchAllJob, ListPage, ListTarget, PayoutOrderRequest } from '../service-api';
import { Empty } from './empty';
import type { Role } from '../role';

/** The service's API, called for the user: list pages, fetch-all jobs, the signing secret, payout orders. */
export const calls = {
  /**
   * One page of a list endpoint of the service in use: from the cache of the UI session for 60 s
   * (per endpoint, page and limit; lists a created payout order changes are dropped from it), else
   * from the service, as with refresh.
   */
  'api.listPage': {
    input: ListTarget.extend({
      page: z.number().int().min(1).default(1),
      /** The spec allows 1..20; another limit is sent as asked, to show how the service takes it. */
      limit: z.number().int().default(10),
      refresh: z.boolean().default(false),
      /** The UI session (one page load): served only pages it read itself. */
      session: z.string().max(100).optional(),
    }),
    output: ListPage,
  },
  /** Starts walking pages 1..total-pages; progress comes as `api.fetchAll` events. */
  'api.fetchAll.start': {
    input: ListTarget.extend({ limit: z.number().int().default(20) }),
    output: FetchAllJob,
  },
  'api.fetchAll.cancel': { input: z.object({ jobId: z.string() }), output: FetchAllJob },
  /** What a fetch-all got (all of it, or what it had when it stopped). */
  'api.fetchAll.items': {
    input: z.object({ jobId: z.string() }),
    output: z.object({ job: FetchAllJob, items: z.array(z.unknown()) }),
  },
  /** GET /api/webhooks: stores the signing secret and re-verifies the stored deliveries. */
  'api.fetchSigningSecret': { input: Empty, output: z.object({ reverified: z.number().int() }) },
  /** POST /api/payout-orders; the answer as the service gave it. */
  'api.createPayoutOrder': {
    input: PayoutOrderRequest,
    output: z.object({ status: z.number().int(), body: z.unknown(), orderUuid: z.string().nullable() }),
  },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'api.listPage': 'viewer',
  'api.fetchAll.start': 'viewer',
  'api.fetchAll.cancel': 'viewer',
  'api.fetchAll.items': 'viewer',
  'api.fetchSigningSecret': 'admin',
  'api.createPayoutOrder': 'member',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /** A fetch-all advanced a page, finished, stopped on an error or was canceled. */
  'api.fetchAll': FetchAllJob,
} as const;
