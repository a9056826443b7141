import type { ListEndpoint } from '../../../shared/service-api';
import { catalogEndpoint, defaultEndpoint, defaultLimit, isListEndpoint } from './api-endpoints';

/** The API browser's state: which list, which page of how many, and whether the payout-order form is open. */
export interface ApiRoute {
  view: 'api';
  endpoint: ListEndpoint;
  /** The campaign of /api/campaigns/:id/catalog; null for the other endpoints or none picked yet. */
  campaignId: string | null;
  page: number;
  limit: number;
  /** The "create payout order" panel is open. */
  form: boolean;
}

export const emptyApiRoute: ApiRoute = { view: 'api', endpoint: defaultEndpoint, campaignId: null, page: 1, limit: defaultLimit, form: false };

/**
 * `#/api/payout-orders?page=2&limit=20`, `#/api/campaigns/<id>/catalog?form=payout-order` → ApiRoute.
 * The path after `#/` is the endpoint's own; an unknown one falls back to the default endpoint.
 */
export function parseApiRoute(segments: readonly string[], params: URLSearchParams): ApiRoute {
  const [first, second, third] = segments.slice(1);
  let endpoint: ListEndpoint = defaultEndpoint;
  let campaignId: string | null = null;
  if (first === 'campaigns' && third === 'catalog' && second !== undefined) {
    endpoint = catalogEndpoint;
    const decoded = safeDecode(second);
    campaignId = decoded === ':id' || decoded === '' ? null : decoded;
  } else if (first !== undefined && second === undefined && isListEndpoint(`/api/${first}`)) {
    endpoint = `/api/${first}` as ListEndpoint;
  }
  return {
    view: 'api',
    endpoint,
    campaignId,
    page: integerIn(params.get('page'), 1, Number.MAX_SAFE_INTEGER) ?? 1,
    // Outside the spec's 1..20 too: it is sent as asked and the service's answer shown, never replaced.
    limit: integerIn(params.get('limit'), 0, Number.MAX_SAFE_INTEGER) ?? defaultLimit,
    form: params.get('form') === 'payout-order',
  };
}

export function formatApiRoute(route: ApiRoute): string {
  const path =
    route.endpoint === catalogEndpoint
      ? `#/api/campaigns/${route.campaignId ? encodeURIComponent(route.campaignId) : ':id'}/catalog`
      : `#${route.endpoint}`;
  const params = new URLSearchParams();
  if (route.page !== 1) params.set('page', String(route.page));
  if (route.limit !== defaultLimit) params.set('limit', String(route.limit));
  if (route.form) params.set('form', 'payout-order');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function integerIn(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
