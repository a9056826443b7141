import { useMemo } from 'react';
import { catalogEndpoint } from '../../../lib/api-endpoints';
import type { Campaign } from '../campaigns';
import { useListPage } from '../useListPage';

/** The currencies a crypto campaign's catalog offers (its first 20 entries), as suggestions. */
export function useCatalogCurrencies(campaign: Campaign | null): string[] {
  const crypto = campaign !== null && campaign.payoutType === 'crypto';
  const { page } = useListPage(crypto ? { target: { endpoint: catalogEndpoint, campaignId: campaign.uuid }, page: 1, limit: 20 } : null);
  return useMemo(() => {
    if (!crypto || !page) return [];
    const currencies = page.items.flatMap((item) => {
      const currency = typeof item === 'object' && item !== null ? (item as { currency?: unknown }).currency : undefined;
      return typeof currency === 'string' ? [currency] : [];
    });
    return [...new Set(currencies)];
  }, [crypto, page]);
}
