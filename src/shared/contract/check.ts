import { z } from 'zod';
import { CheckCaseResult, CheckRunSummary, CheckRunView, CheckStart } from '../handler-check';
import { Empty } from './empty';
import type { Role } from '../role';

/** The handler check: the spec's cases sent to the user's endpoint and graded. */
export const calls = {
  /**
   * Starts the handler check against the user's endpoint, signed with the secret given, else the signing secret in force
   * (409 with none set, or while a run or a case sent again is under way; on a team server below admin a secret must be
   * given, 400: no signature oracle); its results come as `check.changed` events as they are graded, each stream's
   * with the run's signatures whole only for its starter and admins.
   */
  'check.start': { input: CheckStart, output: CheckRunView },
  /** A run with its results: the current one or a kept one. */
  'check.get': { input: z.object({ runId: z.string().max(100) }), output: CheckRunView },
  /** The current run (the last started) and the kept ones, newest first. */
  'check.list': { input: Empty, output: z.object({ current: CheckRunSummary.nullable(), kept: z.array(CheckRunSummary) }) },
  /** Sends one case of the current run again and grades it again. */
  'check.resend': { input: z.object({ runId: z.string().max(100), caseId: z.string().max(200) }), output: CheckCaseResult },
  /** Keeps a finished run to compare later runs with (at most 10; they survive a restart). Keeping it again updates it. */
  'check.keep': { input: z.object({ runId: z.string().max(100) }), output: CheckRunSummary },
  'check.drop': { input: z.object({ runId: z.string().max(100) }), output: z.object({ kept: z.array(CheckRunSummary) }) },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'check.start': 'member',
  'check.get': 'viewer',
  'check.list': 'viewer',
  'check.resend': 'member',
  'check.keep': 'member',
  'check.drop': 'member',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /** A handler check run changed: `result` is a case just graded (or graded again); null when it finished, was kept or dropped. */
  'check.changed': z.object({ runId: z.string(), result: CheckCaseResult.nullable(), summary: CheckRunSummary }),
} as const;
