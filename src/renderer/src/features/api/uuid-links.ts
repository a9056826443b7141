import type { ListEndpoint } from '../../../../shared/service-api';
import type { RecordRow } from '../../lib/records';

/** What a UUID cell names, and what the inspector knows it by. */
export interface UuidReference {
  kind: 'payout order' | 'payout' | 'recipient';
  uuid: string;
  /** The payout order it belongs to, when the row says. */
  orderUuid: string | null;
  /** The recipient's email within that order (the lifecycles' recipient key), when the row says. */
  recipientEmail: string | null;
}

/**
 * Which cells of the API browser are payout order, payout or recipient UUIDs: each links to the
 * deliveries and lifecycles that mention it. The record shapes are the simulator's (records.ts).
 */
export function uuidReference(endpoint: ListEndpoint, column: string, value: unknown, row: RecordRow): UuidReference | null {
  if (typeof value !== 'string' || value === '') return null;
  const orderOfRow = stringField(row, 'payout_order_uuid');
  const email = stringField(row, 'recipient_email');
  if (column === 'payout_order_uuid' || (column === 'uuid' && endpoint === '/api/payout-orders')) {
    return { kind: 'payout order', uuid: value, orderUuid: value, recipientEmail: null };
  }
  if ((column === 'uuid' && endpoint === '/api/payouts') || column === 'payout_uuid') {
    return { kind: 'payout', uuid: value, orderUuid: orderOfRow, recipientEmail: email };
  }
  if (column === 'recipient_uuid') {
    return { kind: 'recipient', uuid: value, orderUuid: orderOfRow, recipientEmail: email };
  }
  return null;
}

function stringField(row: RecordRow, key: string): string | null {
  const value = row[key];
  return typeof value === 'string' && value !== '' ? value : null;
}
