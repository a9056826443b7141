import { faultNames } from 'payout-simulator/names';
import { z } from 'zod';

/** The embedded simulator as the UI sees it (the simulator itself is packages/payout-simulator). */

export const FaultName = z.enum(faultNames);

export const SimulatorBehaviour = z.object({
  /** Spec 4.1 leaves open whether X-Service-Delivery is fixed across retries or new for each attempt. */
  deliveryIdMode: z.enum(['fixed', 'per_attempt']),
  /** Chance that an event is sent twice (at least once, spec 6 rule 1). */
  duplicateRate: z.number().min(0).max(1),
  /** Chance that an event is held back behind the next one of its stream (spec 6 rule 2). */
  reorderRate: z.number().min(0).max(1),
  /** Chance per recipient of a recipient.* event receivers do not know (spec 9). */
  unknownEventRate: z.number().min(0).max(1),
  /** Deliberate deviations, each off by default. */
  faults: z.record(FaultName, z.boolean()),
});
export type SimulatorBehaviour = z.infer<typeof SimulatorBehaviour>;

export const DispatchStatus = z.enum(['pending', 'delivered', 'abandoned', 'failed_permanently']);

export const DispatchAttempt = z.object({
  number: z.number().int(),
  startedAt: z.string(),
  deliveryId: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
});

export const DispatchEvent = z.object({
  id: z.number().int(),
  orderUuid: z.string(),
  recipientUuid: z.string(),
  recipientEmail: z.string(),
  event: z.string(),
  scenario: z.string(),
  payoutType: z.string(),
  streamKey: z.string(),
  occurredAt: z.string(),
  callbackUrl: z.string().nullable(),
  duplicateOf: z.number().int().nullable(),
  reordered: z.boolean(),
  faults: z.array(FaultName),
  status: DispatchStatus,
  inFlight: z.boolean(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(DispatchAttempt),
  note: z.string().nullable(),
});
export type DispatchEvent = z.infer<typeof DispatchEvent>;

/**
 * The embedded simulator's account, for the user's own calls to its API (on 127.0.0.1) and handler tests.
 * Its own demo secret is shown; a secret the user chose, which it then signs with, only by its fingerprint.
 */
export const SimulatorCredentials = z.object({
  apiToken: z.string(),
  /** Whose secret the webhooks are signed with: the simulator's own, or the one the user set in the inspector. */
  signsWith: z.enum(['own', 'yours']),
  /** The simulator's own secret while it signs with it; null when it signs with the user's (never sent). */
  signingSecret: z.string().nullable(),
  /** The first 8 hex digits of the SHA-256 of the secret it signs with (as the top bar shows the inspector's). */
  signingSecretFingerprint: z.string(),
});
export type SimulatorCredentials = z.infer<typeof SimulatorCredentials>;

export const SimulatorState = z.discriminatedUnion('running', [
  z.object({ running: z.literal(false) }),
  z.object({
    running: z.literal(true),
    apiUrl: z.string(),
    /** Null below admin on a team server: the simulator's API token and signing secret are the admins'. */
    credentials: SimulatorCredentials.nullable(),
    timeScale: z.number(),
    seed: z.number().int(),
    behaviour: SimulatorBehaviour,
    counts: z.record(DispatchStatus, z.number().int()),
    /** Newest first, at most the last few thousand. */
    events: z.array(DispatchEvent),
  }),
]);
export type SimulatorState = z.infer<typeof SimulatorState>;

/** Which service the inspector talks to: the embedded simulator (default) or a real one. */
export const ServiceConnection = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('simulator') }),
  z.object({ mode: z.literal('service'), baseUrl: z.url({ protocol: /^https?$/ }) }),
]);
export type ServiceConnection = z.infer<typeof ServiceConnection>;
