import type { ListPage, ListTarget, PayoutOrderRequest } from '../../../shared/service-api';
import { checkCallbackUrl } from './callback-url';
import { answerError, redact, redactJson, ServiceApiError } from './errors';
import { requireJson, requireSuccess, sendServiceRequest, serviceMessage, type ServiceAccess, type ServiceAnswer, type ServiceRequest } from './http-request';
import { defaultLimit, pagePath } from './list-target';
import { paginationInconsistencies, parsePagination } from './pagination-headers';
import { RateLimiter } from './rate-limiter';

export const defaultTimeoutMs = 10_000;

export interface ServiceApiClientOptions {
  /** The service in use, read before each request; null when there is none to call. */
  access: () => ServiceAccess | null;
  /** Per request, headers and body included (default 10 s, the spec's read timeout). */
  timeoutMs?: number;
  /** Shared by every request of the client (default 5 per second). */
  limiter?: RateLimiter;
}

export interface PayoutOrderAnswer {
  status: number;
  body: unknown;
  /** The created order's `uuid`, from a 2xx answer. */
  orderUuid: string | null;
}

function redactHeader(value: string | null, token: string): string | null {
  return value === null ? null : redact(value, token);
}

/** The service's API (spec 4 and 5): list pages, the signing secret, payout orders. Never shows the token. */
export class ServiceApiClient {
  private readonly timeoutMs: number;
  private readonly limiter: RateLimiter;

  constructor(private readonly options: ServiceApiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.limiter = options.limiter ?? new RateLimiter();
  }

  /** Throws 409 when there is no service to call. */
  requireAccess(): ServiceAccess {
    const access = this.options.access();
    if (access === null) {
      throw new ServiceApiError(
        409,
        'no service API to call: the embedded simulator is not running, or the real service has no API token (Settings, or WEBHOOK_INSPECTOR_API_TOKEN)',
      );
    }
    return access;
  }

  /** One page with its pagination headers parsed and checked against the items. */
  async listPage(target: ListTarget, page = 1, limit = defaultLimit, signal?: AbortSignal): Promise<ListPage> {
    const answer = await this.send({ method: 'GET', pathAndQuery: pagePath(target, page, limit), signal });
    if (!Array.isArray(answer.json)) {
      throw new ServiceApiError(502, `${answer.label} answered ${answer.status} with a body that is not a JSON array`, answer.status);
    }
    // Records and headers are the service's words too: a token echoed in them is cut out (before a header is quoted).
    const items = redactJson(answer.json, answer.apiToken) as unknown[];
    const headers = { get: (name: string) => redactHeader(answer.headers.get(name), answer.apiToken) };
    const { pagination, problems } = parsePagination(headers);
    return {
      request: answer.label,
      items,
      pagination,
      headerProblems: [...problems, ...paginationInconsistencies(pagination, { page, limit, itemCount: items.length })],
      page,
      limit,
      fetchedAt: new Date().toISOString(),
      cached: false,
      ageMs: 0,
    };
  }

  /** GET /api/webhooks: the account's signing secret, `webhooks[0].signature` (spec 4.3). */
  async signingSecret(signal?: AbortSignal): Promise<string> {
    const answer = await this.send({ method: 'GET', pathAndQuery: '/api/webhooks', signal });
    const webhooks = (answer.json as { webhooks?: unknown } | null)?.webhooks;
    const signature = Array.isArray(webhooks) ? (webhooks[0] as { signature?: unknown } | undefined)?.signature : undefined;
    if (typeof signature !== 'string' || signature === '') {
      throw new ServiceApiError(502, `${answer.label} answered ${answer.status} without a webhooks[0].signature string`, answer.status);
    }
    return signature;
  }

  /**
   * POST /api/payout-orders. A 4xx answer is returned, not thrown, so its validation errors can be
   * shown; redirects, 5xx and bodies that are not JSON are thrown.
   */
  async createPayoutOrder(request: PayoutOrderRequest, signal?: AbortSignal): Promise<PayoutOrderAnswer> {
    checkCallbackUrl(request.callback_url);
    const access = this.requireAccess();
    const answer = await this.request(access, { method: 'POST', pathAndQuery: '/api/payout-orders', body: request, signal });
    if (answer.status < 200 || answer.status >= 500 || (answer.status >= 300 && answer.status < 400)) {
      throw answerError(answer.label, answer.status, serviceMessage(answer, access.apiToken));
    }
    requireJson(answer);
    const uuid = (answer.json as { uuid?: unknown } | null)?.uuid;
    return {
      status: answer.status,
      body: redactJson(answer.json, access.apiToken),
      orderUuid: answer.status < 300 && typeof uuid === 'string' ? uuid : null,
    };
  }

  /** A request whose answer must be a 2xx with a JSON body; with the token it was sent with, to cut it out of the answer. */
  private async send(request: ServiceRequest): Promise<ServiceAnswer & { apiToken: string }> {
    const access = this.requireAccess();
    const answer = await this.request(access, request);
    requireSuccess(answer, access.apiToken);
    requireJson(answer);
    return { ...answer, apiToken: access.apiToken };
  }

  private async request(access: ServiceAccess, request: ServiceRequest): Promise<ServiceAnswer> {
    await this.limiter.acquire(request.signal);
    return sendServiceRequest(access, request, this.timeoutMs);
  }
}
