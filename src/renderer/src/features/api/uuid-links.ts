import type { ListEndpoint } from '../../../../shared/service-api';
import type { RecordRow } from '../../lib/records';
import type { UuidKind } from '../../lib/route';

/** What a UUID cell names, and what the inspector knows it by. */
export interface UuidReference {
  kind: UuidKind;
  uuid: string;
  /** The payout order it belongs to, when the row says. */
  orderUuid: string | null;
  /** The recipient's email within that order (the lifecycles' recipient key), when the row says. */
  recipientEmail: string | null;
  /** Whether a webhook body can carry this UUID, and if not, why. */
  inWebhooks: { can: true } | { can: false; why: string };
}

export const uuidKindWords: Record<UuidKind, string> = { 'payout-order': 'payout order', payout: 'payout', recipient: 'recipient' };

/**
 * Which cells of the API browser are payout order, payout or recipient UUIDs, and whether a webhook
 * body can mention them (spec 2.2, 2.3): a payout order's UUID is in gift-card and crypto Form A
 * bodies, unless it has no callback_url; a recipient's and a payout's only in gift-card bodies (the
 * payout's on payout.processing alone). The record shapes are the simulator's (records.ts).
 */
export function uuidReference(endpoint: ListEndpoint, column: string, value: unknown, row: RecordRow): UuidReference | null {
  if (typeof value !== 'string' || value === '') return null;
  const orderOfRow = stringField(row, 'payout_order_uuid');
  const email = stringField(row, 'recipient_email');
  const crypto = row.payout_type === 'crypto';
  if (column === 'payout_order_uuid' || (column === 'uuid' && endpoint === '/api/payout-orders')) {
    const noCallback = column === 'uuid' && Object.hasOwn(row, 'callback_url') && row.callback_url === null;
    return {
      kind: 'payout-order',
      uuid: value,
      orderUuid: value,
      recipientEmail: null,
      inWebhooks: noCallback ? { can: false, why: 'This order has no callback_url, so it fires no webhooks (spec 1).' } : { can: true },
    };
  }
  if ((column === 'uuid' && endpoint === '/api/payouts') || column === 'payout_uuid') {
    return {
      kind: 'payout',
      uuid: value,
      orderUuid: orderOfRow,
      recipientEmail: email,
      inWebhooks: crypto ? { can: false, why: 'Crypto webhooks carry no payout UUID (Form A names the order and the recipient email; Form B only the provider’s send).' } : { can: true },
    };
  }
  if (column === 'recipient_uuid') {
    return {
      kind: 'recipient',
      uuid: value,
      orderUuid: orderOfRow,
      recipientEmail: email,
      inWebhooks: crypto ? { can: false, why: 'Crypto webhooks carry no recipient UUID (Form A names the order and the recipient email).' } : { can: true },
    };
  }
  return null;
}

function stringField(row: RecordRow, key: string): string | null {
  const value = row[key];
  return typeof value === 'string' && value !== '' ? value : null;
}
