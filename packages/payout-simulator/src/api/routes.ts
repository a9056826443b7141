import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimAccount } from '../model';
import type { OrderSink } from '../order-sink';
import { validatePayoutOrder } from './create-payout-order';
import { readJsonBody, sendError, sendJson } from './http-json';
import { paginate } from './pagination';
import { attemptFilterOf, webhookAttempts } from './webhook-attempts';
import type { DispatchEventView } from '../dispatcher/event-records';
import type { SimWorld } from './world';

export interface RouteContext {
  world: SimWorld;
  account: SimAccount;
  sink: OrderSink | undefined;
  now: () => Date;
  newUuid: () => string;
  bodyLimitBytes: number;
  /** Accept http:// callback URLs as well (the standalone program's --allow-http). */
  allowPlainHttp: boolean;
  /** The dispatcher's webhooks, oldest first (none without a dispatcher). */
  webhooks: () => readonly DispatchEventView[];
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], context: RouteContext) => void | Promise<void>;

interface Route {
  path: RegExp;
  methods: Partial<Record<'GET' | 'POST', Handler>>;
}

function listOf(items: (context: RouteContext) => readonly unknown[]): Handler {
  return (_req, res, url, _params, context) => sendPage(res, url, items(context));
}

function sendPage(res: ServerResponse, url: URL, items: readonly unknown[]): void {
  const page = paginate(items, url.searchParams);
  if (page.ok) sendJson(res, 200, page.items, { ...page.headers });
  else sendJson(res, page.status, page.body);
}

const catalog: Handler = (_req, res, url, [campaignUuid], { world }) => {
  const entries = world.catalog(campaignUuid!);
  if (!entries) return sendError(res, 404, `Campaign ${campaignUuid} not found`);
  sendPage(res, url, entries);
};

const webhooks: Handler = (_req, res, _url, _params, { account }) => {
  sendJson(res, 200, { webhooks: [{ signature: account.signingSecret() }] });
};

const createPayoutOrder: Handler = async (req, res, _url, _params, context) => {
  const body = await readJsonBody(req, context.bodyLimitBytes);
  if (!body.ok) return sendError(res, body.status, body.message, {}, body.status === 413 ? { Connection: 'close' } : {});
  const { world, newUuid, allowPlainHttp } = context;
  const result = validatePayoutOrder(body.value, { world, now: context.now(), newUuid, allowPlainHttp });
  if (!result.ok) {
    const [first] = result.errors;
    const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more)` : '';
    return sendError(res, 422, `Invalid payout order: ${first!.field} ${first!.message}${more}`, { errors: result.errors });
  }
  const events = context.sink?.orderCreated(result.order);
  const record = context.world.addPayoutOrder(result.order, events ?? []);
  sendJson(res, 201, record);
};

/** Each webhook's attempts, made and due, filtered by order, recipient, event and status: for a test to wait on. */
const attempts: Handler = (_req, res, url, _params, { webhooks }) => {
  const filter = attemptFilterOf(url.searchParams);
  if (!filter.ok) return sendError(res, 400, filter.message);
  sendPage(res, url, webhookAttempts(webhooks(), filter.filter));
};

export const routes: readonly Route[] = [
  { path: /^\/api\/orders$/, methods: { GET: listOf(({ world }) => world.orders) } },
  { path: /^\/api\/products$/, methods: { GET: listOf(({ world }) => world.products) } },
  { path: /^\/api\/transactions$/, methods: { GET: listOf(({ world }) => world.transactions) } },
  { path: /^\/api\/campaigns$/, methods: { GET: listOf(({ world }) => world.campaigns) } },
  { path: /^\/api\/campaigns\/([^/]+)\/catalog$/, methods: { GET: catalog } },
  { path: /^\/api\/payout-orders$/, methods: { GET: listOf(({ world }) => world.payoutOrders()), POST: createPayoutOrder } },
  { path: /^\/api\/payouts$/, methods: { GET: listOf(({ world }) => world.payouts()) } },
  { path: /^\/api\/webhooks$/, methods: { GET: webhooks } },
  { path: /^\/api\/webhook-attempts$/, methods: { GET: attempts } },
];

/** Finds the route of a path, then its handler for the method: 404 and 405 (with Allow) otherwise. */
export async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL, context: RouteContext): Promise<void> {
  for (const route of routes) {
    const match = route.path.exec(url.pathname);
    if (!match) continue;
    const handler = route.methods[req.method as 'GET' | 'POST'];
    if (!handler) {
      const allowed = Object.keys(route.methods).join(', ');
      return sendError(res, 405, `Method ${req.method} is not allowed on ${url.pathname}; use ${allowed}`, {}, { Allow: allowed });
    }
    return handler(req, res, url, match.slice(1).map(decodePathSegment), context);
  }
  sendError(res, 404, `No route for ${url.pathname}`);
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
