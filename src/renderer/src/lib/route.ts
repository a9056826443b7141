import type { DeliveryFilter } from '../../../shared/delivery';
import { storedDeliveryLimit } from '../../../shared/handler-check';
import type { LifecycleKind } from '../../../shared/lifecycle';
import { emptyApiRoute, formatApiRoute, parseApiRoute, type ApiRoute } from './api-route';
import { parseDeliveryIds } from './delivery-ids';
import { lifecycleKindList } from './lifecycle-words';
import { payloadFormList, signatureVerdictList } from './words';
import { reconcileClasses, type ReconcileClass } from '../../../shared/reconcile';

/** The lifecycles list's filter, as `lifecycles.list` takes it. */
export interface LifecycleFilter {
  kind?: LifecycleKind;
  orderUuid?: string;
  recipientKey?: string;
  status?: string;
  finding?: string;
}

/** What a UUID searched for is, when a link from the API browser says: to explain a search that finds nothing. */
export interface UuidMention {
  kind: UuidKind;
  /** The payout order it belongs to, whose deliveries can be looked up instead. */
  orderUuid: string | null;
}
export const uuidKinds = ['payout-order', 'payout', 'recipient'] as const;
export type UuidKind = (typeof uuidKinds)[number];

export type Route =
  | { view: 'deliveries'; deliveryId: number | null; filter: DeliveryFilter; mention?: UuidMention }
  /** A duplicate group is named by its first delivery's id. */
  | { view: 'duplicates'; firstId: number | null }
  | { view: 'lifecycles'; key: string | null; filter: LifecycleFilter }
  /** recipientKey: the recipient shown open in the order's detail. */
  | { view: 'orders'; orderUuid: string | null; recipientKey: string | null }
  | ApiRoute
  | { view: 'simulator' }
  /** The handler check; deliveryIds: stored deliveries the next run also sends. */
  | { view: 'check'; deliveryIds: number[] }
  /** Two stored deliveries side by side: `#/compare/12/15` (left, right; null until picked). */
  | { view: 'compare'; left: number | null; right: number | null }
  /** Reconcile: a kept run (null: the newest finished), its rows of one class (null: all). `#/reconcile/<run>?class=behind` */
  | { view: 'reconcile'; runId: string | null; klass: ReconcileClass | null }
  | { view: 'settings' };

export type View = Route['view'];

export const defaultRoute: Route = { view: 'deliveries', deliveryId: null, filter: {} };

/** Each view's route with nothing selected. */
export function emptyRoute(view: View): Route {
  switch (view) {
    case 'deliveries':
      return defaultRoute;
    case 'duplicates':
      return { view, firstId: null };
    case 'lifecycles':
      return { view, key: null, filter: {} };
    case 'orders':
      return { view, orderUuid: null, recipientKey: null };
    case 'api':
      return emptyApiRoute;
    case 'check':
      return { view, deliveryIds: [] };
    case 'compare':
      return { view, left: null, right: null };
    case 'reconcile':
      return { view, runId: null, klass: null };
    default:
      return { view };
  }
}

const filterKeys = ['event', 'form', 'signature', 'path', 'text'] as const;
/** Lifecycle filter field → its URL parameter. */
const lifecycleParams = [
  ['kind', 'kind'],
  ['orderUuid', 'order'],
  ['recipientKey', 'recipient'],
  ['status', 'status'],
  ['finding', 'finding'],
] as const;

/**
 * `#/deliveries/123?event=payout.processing&signature=invalid`, `#/duplicates/41`,
 * `#/lifecycles/send%3A123?order=…&status=completed`, `#/orders/<uuid>?recipient=…`,
 * `#/api/payout-orders?page=2` → Route.
 * Anything unknown falls back to the deliveries list.
 */
export function parseRoute(hash: string): Route {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#/, '').split('?', 2);
  const segments = pathPart.split('/').filter(Boolean);
  const params = new URLSearchParams(queryPart);
  const selected = segments[1] === undefined ? null : safeDecode(segments[1]);
  switch (segments[0]) {
    case 'settings':
      return { view: 'settings' };
    case 'simulator':
      return { view: 'simulator' };
    case 'check':
      return { view: 'check', deliveryIds: parseDeliveryIds(params.get('deliveries') ?? '').ids.slice(0, storedDeliveryLimit) };
    case 'duplicates':
      return { view: 'duplicates', firstId: positiveInteger(selected) };
    case 'compare':
      return { view: 'compare', left: positiveInteger(selected), right: positiveInteger(segments[2] ?? null) };
    case 'reconcile': {
      const klass = params.get('class');
      return { view: 'reconcile', runId: selected || null, klass: (reconcileClasses as readonly string[]).includes(klass ?? '') ? (klass as ReconcileClass) : null };
    }
    case 'lifecycles':
      return { view: 'lifecycles', key: selected || null, filter: parseLifecycleFilter(params) };
    case 'orders':
      return { view: 'orders', orderUuid: selected || null, recipientKey: selected ? params.get('recipient') || null : null };
    case 'api':
      return parseApiRoute(segments, params);
    default:
      return withMention(
        {
          view: 'deliveries',
          deliveryId: segments[0] === 'deliveries' ? positiveInteger(selected) : null,
          filter: parseFilter(params),
        },
        params,
      );
  }
}

/** `?text=<uuid>&uuid=payout&order=<uuid>`: the mention only goes with the text it explains. */
function withMention(route: Extract<Route, { view: 'deliveries' }>, params: URLSearchParams): Route {
  const kind = params.get('uuid');
  if (!route.filter.text || kind === null || !isOneOf(uuidKinds, kind)) return route;
  return { ...route, mention: { kind, orderUuid: params.get('order') || null } };
}

function parseFilter(params: URLSearchParams): DeliveryFilter {
  const filter: DeliveryFilter = {};
  const event = params.get('event');
  const form = params.get('form');
  const signature = params.get('signature');
  const path = params.get('path');
  const text = params.get('text');
  if (event) filter.event = event;
  if (form && isOneOf(payloadFormList, form)) filter.form = form;
  if (signature && isOneOf(signatureVerdictList, signature)) filter.signature = signature;
  if (path) filter.path = path;
  if (text) filter.text = text;
  return filter;
}

function parseLifecycleFilter(params: URLSearchParams): LifecycleFilter {
  const filter: LifecycleFilter = {};
  for (const [field, param] of lifecycleParams) {
    const value = params.get(param);
    if (!value) continue;
    if (field === 'kind') {
      if (isOneOf(lifecycleKindList, value)) filter.kind = value;
    } else {
      filter[field] = value;
    }
  }
  return filter;
}

export function formatRoute(route: Route): string {
  const params = new URLSearchParams();
  let path: string;
  switch (route.view) {
    case 'deliveries':
      for (const key of filterKeys) {
        const value = route.filter[key];
        if (value) params.set(key, value);
      }
      if (route.mention && route.filter.text) {
        params.set('uuid', route.mention.kind);
        if (route.mention.orderUuid) params.set('order', route.mention.orderUuid);
      }
      path = withSelection('deliveries', route.deliveryId);
      break;
    case 'duplicates':
      path = withSelection('duplicates', route.firstId);
      break;
    case 'lifecycles':
      for (const [field, param] of lifecycleParams) {
        const value = route.filter[field];
        if (value) params.set(param, value);
      }
      path = withSelection('lifecycles', route.key);
      break;
    case 'orders':
      if (route.orderUuid && route.recipientKey) params.set('recipient', route.recipientKey);
      path = withSelection('orders', route.orderUuid);
      break;
    case 'api':
      return formatApiRoute(route);
    case 'check':
      if (route.deliveryIds.length > 0) params.set('deliveries', route.deliveryIds.join(','));
      path = '#/check';
      break;
    case 'compare':
      path = route.left === null ? '#/compare' : `#/compare/${route.left}${route.right === null ? '' : `/${route.right}`}`;
      break;
    case 'reconcile':
      if (route.klass) params.set('class', route.klass);
      path = withSelection('reconcile', route.runId);
      break;
    default:
      path = `#/${route.view}`;
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function withSelection(view: string, selected: string | number | null): string {
  return selected === null || selected === '' ? `#/${view}` : `#/${view}/${encodeURIComponent(String(selected))}`;
}

/** Drop empty values so that equal filters compare equal. */
export function normalizeFilter(filter: DeliveryFilter): DeliveryFilter {
  const normalized: DeliveryFilter = {};
  for (const key of filterKeys) {
    const value = filter[key];
    if (value) Object.assign(normalized, { [key]: value });
  }
  return normalized;
}

export function filterKey(filter: DeliveryFilter): string {
  return JSON.stringify(normalizeFilter(filter));
}

export function isFilterEmpty(filter: DeliveryFilter): boolean {
  return filterKey(filter) === '{}';
}

/** The lifecycle filter without empty values, in a fixed key order: equal filters give equal keys. */
export function lifecycleFilterKey(filter: LifecycleFilter): string {
  const normalized: LifecycleFilter = {};
  for (const [field] of lifecycleParams) {
    const value = filter[field];
    if (value) Object.assign(normalized, { [field]: value });
  }
  return JSON.stringify(normalized);
}

function positiveInteger(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number > 0 ? number : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
