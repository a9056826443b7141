import { useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [orders, setOrders] = useState<DemoOrders | null>(null);

  const create = () => {
    setBusy(true);
    setError(null);
    call('simulator.createDemoOrder', {}).then(
      (result) => {
        setOrders(result.orders);
        setBusy(false);
      },
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  return { create, busy, error, orders };
}
