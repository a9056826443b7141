import type { PayoutType, ScenarioName } from '../model';

/** One webhook event a scenario emits: the exact bytes to send and where it belongs. */
export interface ScenarioEvent {
  /** The body's `event`, also the X-Service-Event header. */
  event: string;
  /** The exact body text; numbers are written as they must appear (a gift-card amount stays `25.00`). */
  bodyText: string;
  /** When the event happened (occurred_at on Form A, updated_at on gift cards). */
  occurredAt: Date;
  /** One record's lifecycle: a crypto send (external_send_id), a gift-card recipient, or a redeemed card's payout. */
  streamKey: string;
  orderUuid: string;
  recipientUuid: string;
  recipientEmail: string;
  scenario: ScenarioName;
  payoutType: PayoutType;
}

export interface ScenarioOptions {
  /** Time zero of the order's timeline; every event time derives from it. */
  startTime: Date;
  /** Compresses the scenario's pacing: 60 makes a minute of simulated life take one second. Default 1. */
  pace?: number;
  /** Chance per recipient of one extra, well-formed `recipient.*` event the inspector does not know. */
  unknownEventRate?: number;
}
