import { z } from 'zod';
import type { SettingsStore } from './settings-store';

const keyOf = (orderUuid: string) => `createdOrder:${orderUuid}`;
const Recipients = z.number().int().min(1);

/**
 * How many recipients the orders this inspector created had (the `recipients` it POSTed, spec 2.5).
 * Form B sends name no order (spec 2.3), so events alone can under-count an order; this says by how much.
 * Kept in the settings table: a few per session, by hand or from the demo.
 */
export function createdOrders(settings: SettingsStore) {
  return {
    remember(orderUuid: string, recipients: number): void {
      settings.write(keyOf(orderUuid), recipients);
    },
    recipients(orderUuid: string): number | null {
      return settings.read(keyOf(orderUuid), Recipients) ?? null;
    },
  };
}
