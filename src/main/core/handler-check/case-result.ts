import type { SentReplay } from '../replay/send-replay';
import type { CheckCategory, Expectation } from './check-case';
import type { Verdict } from './grade';

/** One request of a case and what came back, kept whole for the report and the UI. */
export interface CheckExchange {
  label: string | null;
  /** What this request had to get (a forgery's case may send a genuine delivery first). */
  expect: Expectation;
  request: { headers: Array<[string, string]>; body: Buffer };
  sent: SentReplay;
}

export interface CaseResult {
  id: string;
  category: CheckCategory;
  title: string;
  specSections: string[];
  expect: Expectation;
  verdict: Verdict;
  reason: string;
  /** When it failed: what to change in the handler. */
  fix: string | null;
  /** The root cause (RootCause.id) this failure comes from, when the run found one. */
  cause: string | null;
  exchanges: CheckExchange[];
  /** The slowest of its requests. */
  durationMs: number;
}
