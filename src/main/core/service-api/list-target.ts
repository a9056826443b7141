import type { ListTarget } from '../../../shared/service-api';
import { ServiceApiError } from './errors';

export const defaultLimit = 10;
export const maxLimit = 20;

/** The target as it is requested and cached: a campaign id only where the path takes one. */
export function normalizeTarget(target: ListTarget): ListTarget {
  if (target.endpoint !== '/api/campaigns/:id/catalog') return { endpoint: target.endpoint };
  const campaignId = target.campaignId?.trim() ?? '';
  if (campaignId === '') throw new ServiceApiError(400, `${target.endpoint} needs a campaignId: pick a campaign from /api/campaigns`);
  return { endpoint: target.endpoint, campaignId };
}

/** The request path of a page, e.g. /api/campaigns/c%2F1/catalog?page=2&limit=10. */
export function pagePath(target: ListTarget, page: number, limit: number): string {
  checkPageAndLimit(page, limit);
  const { endpoint, campaignId } = normalizeTarget(target);
  const path = campaignId === undefined ? endpoint : endpoint.replace(':id', encodeURIComponent(campaignId));
  return `${path}?page=${page}&limit=${limit}`;
}

/** A limit outside 1..20 is sent as asked: how the service takes it (its own cut or its 400) is for the user to see. */
function checkPageAndLimit(page: number, limit: number): void {
  if (!Number.isSafeInteger(page) || page < 1) throw new ServiceApiError(400, `page must be an integer of at least 1, not ${page}`);
  if (!Number.isSafeInteger(limit)) throw new ServiceApiError(400, `limit must be an integer, not ${limit}`);
}

export function isLimitInSpec(limit: number): boolean {
  return limit >= 1 && limit <= maxLimit;
}
