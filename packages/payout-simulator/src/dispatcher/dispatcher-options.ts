import type { SimAccount } from '../model';
import { systemClock, type Clock } from './clock';
import type { AttemptView, DispatchEventView } from './event-records';
import type { FaultSwitches } from './faults';
import { plainSender, type WebhookSender } from './webhook-sender';
import { defaultTimeScale } from '../simulator-defaults';

/** Spec 4.1 leaves open whether X-Service-Delivery is fixed across retries or new for each attempt. */
export type DeliveryIdMode = 'fixed' | 'per_attempt';

export interface DispatcherOptions {
  /** Whose signing secret signs the deliveries. */
  account: SimAccount;
  /** Fixes scenario details, duplicates and reordering. Default 1. */
  seed?: number | string;
  /** Compresses backoff and scenario pacing: 60 turns 90 minutes into 90 seconds; 1 is real time. Default 60. */
  timeScale?: number;
  /** Default 'per_attempt' (spec 2.1 and 4.1 both call it the UUID of the attempt). */
  deliveryIdMode?: DeliveryIdMode;
  /** Chance that an event is sent twice. Default 0.05. */
  duplicateRate?: number;
  /** Chance that an event is held back behind the next event of its stream. Default 0.1. */
  reorderRate?: number;
  /** Chance per recipient of an extra recipient.* event receivers do not know. Default 0.1. */
  unknownEventRate?: number;
  /** Deliberate deviations, all off by default. */
  faults?: FaultSwitches;
  /** Spec 8: 5 per second per account. Change it only in tests that send many events. */
  deliveriesPerSecond?: number;
  /** Spec 8: 5000 ms. */
  connectTimeoutMs?: number;
  /** Spec 8: 10000 ms. */
  readTimeoutMs?: number;
  /** SHA-256 fingerprint of the receiver's self-signed certificate to accept (X509Certificate.fingerprint256 form). */
  trustedFingerprint?: string | null;
  /** Callback URLs are HTTPS (spec 2.5); plain http:// only for tests and TLS-terminating tunnels. Default false. */
  allowPlainHttp?: boolean;
  /** Sends each attempt: the host's (the app's, checked by its egress policy); by default `plainSender`, to anywhere. */
  send?: WebhookSender;
  /** Events kept for the state view; older finished ones are forgotten. Default 5000. */
  maxEvents?: number;
  clock?: Clock;
  /** Called with the event's new view whenever it changes. */
  onChange?: (event: DispatchEventView) => void;
  /** Called once each attempt has its outcome, with the event as it then is (its status, its next try) and the attempt. */
  onAttempt?: (event: DispatchEventView, attempt: AttemptView) => void;
}

/** What can change while the dispatcher runs. */
export type DispatcherBehaviour = Partial<
  Pick<DispatcherOptions, 'deliveryIdMode' | 'duplicateRate' | 'reorderRate' | 'unknownEventRate' | 'faults'>
>;

export type ResolvedDispatcherOptions = Required<Omit<DispatcherOptions, 'onChange' | 'onAttempt' | 'faults'>> &
  Pick<DispatcherOptions, 'onChange' | 'onAttempt'> & { faults: FaultSwitches };

export const dispatcherDefaults = {
  seed: 1,
  timeScale: defaultTimeScale,
  deliveryIdMode: 'per_attempt',
  duplicateRate: 0.05,
  reorderRate: 0.1,
  unknownEventRate: 0.1,
  deliveriesPerSecond: 5,
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  trustedFingerprint: null,
  allowPlainHttp: false,
  maxEvents: 5_000,
  send: plainSender,
} as const satisfies Partial<DispatcherOptions>;

export function resolveDispatcherOptions(options: DispatcherOptions): ResolvedDispatcherOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const resolved = { ...dispatcherDefaults, clock: systemClock, ...defined, faults: { ...options.faults } } as ResolvedDispatcherOptions;
  if (!(resolved.timeScale > 0)) throw new Error('timeScale must be positive');
  return resolved;
}
