/**
 * The simulator's deliberate deviations, by name: what the app's contract (src/shared/simulator.ts) and its UI
 * list. Imports nothing, so the renderer can bundle it (the package's `payout-simulator/fault-names` export).
 */
export const faultNames = ['wrong_signature', 'event_header_mismatch', 'wrong_field_type', 'leaked_card_pin'] as const;
export type FaultName = (typeof faultNames)[number];
