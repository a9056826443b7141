import type { DeliveryFilter } from '../../../shared/delivery';
import { payloadFormList, signatureVerdictList } from './words';

export type Route =
  | { view: 'deliveries'; deliveryId: number | null; filter: DeliveryFilter }
  | { view: 'simulator' }
  | { view: 'settings' };

export const defaultRoute: Route = { view: 'deliveries', deliveryId: null, filter: {} };

const filterKeys = ['event', 'form', 'signature', 'path', 'text'] as const;

/** `#/deliveries/123?event=payout.processing&signature=invalid` → Route. Anything unknown falls back to the list. */
export function parseRoute(hash: string): Route {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#/, '').split('?', 2);
  const segments = pathPart.split('/').filter(Boolean);
  if (segments[0] === 'settings') return { view: 'settings' };
  if (segments[0] === 'simulator') return { view: 'simulator' };

  const id = Number(segments[1]);
  const deliveryId = segments[0] === 'deliveries' && Number.isSafeInteger(id) && id > 0 ? id : null;
  return { view: 'deliveries', deliveryId, filter: parseFilter(new URLSearchParams(queryPart)) };
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

export function formatRoute(route: Route): string {
  if (route.view !== 'deliveries') return `#/${route.view}`;
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = route.filter[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return `#/deliveries${route.deliveryId === null ? '' : `/${route.deliveryId}`}${query ? `?${query}` : ''}`;
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

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
