import type { LifecycleKind, LifecycleSummary } from '../../../../shared/lifecycle';

// Lifecycles as the store lists them, and a list's filter: types of the interface, the same in both engines.

/** A lifecycle's summary as listed, with the latest delivery it holds (the list's order and cursor). */
export type ListedLifecycle = LifecycleSummary & { lastDeliveryId: number };

export interface LifecycleFilter {
  kind?: LifecycleKind;
  orderUuid?: string;
  recipientKey?: string;
  status?: string;
  /** A finding code the lifecycle has. */
  finding?: string;
}
