import { z } from 'zod';
import type { PayloadForm } from './verdicts';

/**
 * The handler check as the control calls carry it: a run of the battery against the user's endpoint, each case with
 * what was sent and what came back (bodies capped as replays cap them), kept runs to compare with.
 */

export const CheckCategory = z.enum(['rejects-forgeries', 'acknowledges', 'ignores-unknown', 'at-least-once', 'awkward-payloads']);
export type CheckCategory = z.infer<typeof CheckCategory>;

export const categoryTitles: Record<CheckCategory, string> = {
  'rejects-forgeries': 'Rejects forgeries',
  acknowledges: 'Acknowledges real traffic',
  'ignores-unknown': 'Ignores what it does not know',
  'at-least-once': 'Survives at-least-once and out-of-order delivery',
  'awkward-payloads': 'Handles the awkward payloads',
};

export const CheckVerdict = z.enum(['pass', 'fail', 'security-failure']);
export type CheckVerdict = z.infer<typeof CheckVerdict>;

const HeaderPairs = z.array(z.tuple([z.string(), z.string()]));

/** A body as UTF-8 text (invalid bytes replaced), up to the cap; its whole size. */
const CappedBody = z.object({ body: z.string(), bodySize: z.number().int(), bodyTruncated: z.boolean() });

export const CheckExchangeView = z.object({
  label: z.string().nullable(),
  startedAt: z.string(),
  request: z.object({ headers: HeaderPairs }).extend(CappedBody.shape),
  response: z.object({ status: z.number().int(), headers: HeaderPairs }).extend(CappedBody.shape).nullable(),
  /** Connect or read timeout, refused connection, TLS failure… (null when an answer came). */
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type CheckExchangeView = z.infer<typeof CheckExchangeView>;

export const CheckCaseResult = z.object({
  id: z.string(),
  category: CheckCategory,
  title: z.string(),
  specSections: z.array(z.string()),
  expect: z.enum(['acknowledge', 'reject']),
  verdict: CheckVerdict,
  /** What came back and, when it is wrong, what the service would do about it. */
  reason: z.string(),
  /** When it failed: what to change in the handler (null on a pass, and in runs kept before it was recorded). */
  fix: z.string().nullable().default(null),
  /** The run's root cause (CheckRootCause.id) this failure comes from, when one mistake explains several. */
  cause: z.string().nullable().default(null),
  /** The slowest of its requests. */
  durationMs: z.number(),
  exchanges: z.array(CheckExchangeView),
  /** When it was last sent again on its own ("Send again"); null when as the run sent it. */
  resentAt: z.string().nullable(),
});
export type CheckCaseResult = z.infer<typeof CheckCaseResult>;

export const CheckLatency = z.object({
  count: z.number().int(),
  p50Ms: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
  slow: z.number().int(),
  slowMs: z.number(),
});

export const CheckRunState = z.enum(['running', 'finished', 'failed']);

/** What a list shows of a run. */
export const CheckRunSummary = z.object({
  id: z.string(),
  target: z.string(),
  allowSelfSigned: z.boolean(),
  /** The fingerprint of the signing secret the cases were signed with (never the secret). */
  secretFingerprint: z.string(),
  /**
   * The team user who started it (null on a personal inspector, and for runs kept before it was recorded): its
   * requests' signatures are shown whole to them and admins only.
   */
  startedBy: z.string().nullable().default(null),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  state: CheckRunState,
  /** Why a run stopped before its end (the egress policy refused the target, the inspector closed). */
  error: z.string().nullable(),
  /** Cases the run sends. */
  total: z.number().int(),
  counts: z.record(CheckVerdict, z.number().int()),
  latency: CheckLatency,
  /** When it was kept (null: not kept, it goes with the next run). */
  keptAt: z.string().nullable(),
});
export type CheckRunSummary = z.infer<typeof CheckRunSummary>;

/** One mistake of the handler that several failures come from (re-serialised JSON before the signature is checked…). */
export const CheckRootCause = z.object({
  /** Stable: `cause` of each case it explains. */
  id: z.string(),
  /** The mistake in a few words (what each case it explains points at). */
  title: z.string(),
  /** The mistake, as the evidence shows it. */
  mistake: z.string(),
  /** What to change in the handler. */
  fix: z.string(),
  /** The cases that fail because of it. */
  caseIds: z.array(z.string()),
});
export type CheckRootCause = z.infer<typeof CheckRootCause>;

/** A run with its results: while it runs, in the order graded; once finished, security failures first. */
export const CheckRunView = CheckRunSummary.extend({ results: z.array(CheckCaseResult), causes: z.array(CheckRootCause).default([]) });
export type CheckRunView = z.infer<typeof CheckRunView>;

/**
 * The forms a stored delivery may have to be sent by a run: the service's own. The answer to a test ping or a stray
 * request is no one's rule.
 */
export const checkableForms: ReadonlySet<PayloadForm> = new Set<PayloadForm>(['gift_cards', 'crypto_form_a', 'crypto_form_b']);

const storedCasePrefix = 'acknowledges/stored-';

/** The case that sends a stored delivery. */
export function storedCaseId(deliveryId: number): string {
  return `${storedCasePrefix}${deliveryId}`;
}

/** The stored delivery a case sends, or null for a case of the battery. */
export function storedDeliveryOf(caseId: string): number | null {
  return caseId.startsWith(storedCasePrefix) ? Number(caseId.slice(storedCasePrefix.length)) : null;
}

/** At most this many stored deliveries in one run. */
export const storedDeliveryLimit = 100;

export const CheckStart = z.object({
  url: z.url({ protocol: /^https?$/ }),
  allowSelfSigned: z.boolean().default(false),
  /** Case ids or categories; empty: every case. */
  only: z.array(z.string().max(200)).max(100).default([]),
  /** Stored deliveries also sent (the service's own), each signed again with the run's secret. */
  deliveryIds: z.array(z.number().int().positive()).max(storedDeliveryLimit).default([]),
  /**
   * The secret your handler verifies with, to sign the cases with in place of the signing secret in force. On a team
   * server it is needed below admin: the team's secret signs only an admin's run (no signature oracle).
   */
  secret: z.string().min(1).max(4096).optional(),
});

/** At most this many kept runs (the store's settings hold them). */
export const keptRunLimit = 10;
