import { useMutation } from '@tanstack/react-query';
import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';

export type DemoOrders = CallOutput<'simulator.createDemoOrder'>['orders'];

export interface DemoOrderAction {
  create: () => void;
  busy: boolean;
  error: unknown;
  /** The orders the last successful call created. */
  orders: DemoOrders | null;
}

/** "Create demo payout order": realistic orders whose webhooks go to this inspector's receiver. */
export function useDemoOrder(): DemoOrderAction {
  const mutation = useMutation({ mutationFn: () => call('simulator.createDemoOrder', {}) });
  return { create: () => mutation.mutate(), busy: mutation.isPending, error: mutation.error, orders: mutation.data?.orders ?? null };
}
