import type { CheckCase, Expectation } from './check-case';

/** What one request of a case got back. */
export type Answer =
  | { kind: 'response'; status: number; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'error'; error: string; durationMs: number };

/** `security-failure`: a forgery was answered 2xx, listed before every other failure. */
export type Verdict = 'pass' | 'fail' | 'security-failure';

export interface Grade {
  verdict: Verdict;
  /** What happened and, when it is wrong, what the service would do about it. */
  reason: string;
  /** When it failed: what to change in the handler. */
  fix: string | null;
}

const retries = 'up to 8 attempts over about 90 minutes (spec 8)';
const is2xx = (answer: Answer) => answer.kind === 'response' && answer.status >= 200 && answer.status < 300;

/** What the service does with an answer to real traffic (spec 4.1, 7, 8). */
function consequence(answer: Answer, readTimeoutMs: number): string | null {
  if (answer.kind === 'timeout') return `no answer within ${readTimeoutMs / 1000} s: the service's read timeout (spec 8); it retries, ${retries}`;
  if (answer.kind === 'error') return `${answer.error}: the connection failed before an answer; the service retries (spec 7), ${retries}`;
  const { status } = answer;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `${status}: redirects are never followed, a 3xx is a failure (spec 4.1); the service retries, ${retries}`;
  if (status >= 400 && status < 500) return `${status}: the service abandons the event at the first 4xx, never retried (spec 7): this event would be lost`;
  return `${status}: the service retries (spec 7), ${retries}`;
}

/** What to change when a request of real traffic was not acknowledged: by the answer first, else the case's rule. */
function acknowledgeFix(answer: Answer, checkCase: CheckCase, readTimeoutMs: number): string {
  if (answer.kind === 'timeout') {
    return `answer within ${readTimeoutMs / 1000} s: persist the delivery, answer 2xx, then do the slow work (spec 6 rule 5, 8)`;
  }
  if (answer.kind === 'response' && answer.status >= 300 && answer.status < 400) {
    return "answer at this very URL without redirecting: the service follows no redirect, so the order's callback_url must be the final https URL, its exact path included (spec 4.1)";
  }
  if (answer.kind === 'error') return `answer instead of closing the connection (a crash: the handler's log names it), and ${checkCase.fix}`;
  if (answer.status >= 500) return `${checkCase.fix} (a ${answer.status} is the handler failing: its log names the error)`;
  return checkCase.fix;
}

const described = (answer: Answer) => (answer.kind === 'response' ? String(answer.status) : answer.kind === 'timeout' ? 'a timeout' : 'a connection failure');

interface Problem {
  index: number;
  verdict: Exclude<Verdict, 'pass'>;
  text: string;
  fix: string;
}

/** Grades a case by what each of its requests got back (each as its own expectation says, else the case's). */
export function gradeCase(checkCase: CheckCase, answers: readonly Answer[], readTimeoutMs: number): Grade {
  const labelOf = (i: number) => checkCase.requests[i]!.label ?? `request ${i + 1}`;
  // Requests that got the same wrong answer are said once, their labels together.
  const labelled = (group: Problem[]) => (checkCase.requests.length > 1 ? `${group.map((p) => labelOf(p.index)).join(', ')}: ${group[0]!.text}` : group[0]!.text);
  const expectationOf = (i: number): Expectation => checkCase.requests[i]?.expect ?? checkCase.expect;
  const problems: Problem[] = answers.flatMap((answer, index): Problem[] => {
    if (expectationOf(index) === 'acknowledge') {
      const wrong = consequence(answer, readTimeoutMs);
      return wrong === null ? [] : [{ index, verdict: 'fail', text: wrong, fix: acknowledgeFix(answer, checkCase, readTimeoutMs) }];
    }
    if (is2xx(answer)) {
      return [{ index, verdict: 'security-failure', text: `answered ${described(answer)}: a forged delivery was accepted, so anyone can send the handler events (spec 5.4)`, fix: checkCase.fix }];
    }
    // A forgery must be answered: no answer at all is no rejection (and never a pass).
    if (answer.kind !== 'response') {
      const what = answer.kind === 'timeout' ? `no answer within ${readTimeoutMs / 1000} s` : `${answer.error}: the connection failed before an answer`;
      return [{ index, verdict: 'fail', text: `${what}, which is no rejection`, fix: 'answer a forgery at once with 401 (or another 4xx), without processing it (spec 5.4)' }];
    }
    return [];
  });
  if (problems.length === 0) {
    const rejected = checkCase.expect === 'reject';
    return { verdict: 'pass', reason: `${rejected ? 'rejected' : 'answered'} ${rejected ? `(${answers.map(described).join(', ')})` : answers.map(described).join(', ')}`, fix: null };
  }
  const security = problems.filter((p) => p.verdict === 'security-failure');
  // A security failure says so first; the fix of the worst problem (the others are usually the same mistake).
  const shown = security.length > 0 ? [...security, ...problems.filter((p) => p.verdict !== 'security-failure')] : problems;
  return {
    verdict: security.length > 0 ? 'security-failure' : 'fail',
    reason: [...new Set(shown.map((p) => p.text))].map((text) => labelled(shown.filter((p) => p.text === text))).join('; '),
    fix: [...new Set(shown.map((p) => p.fix))].join('; '),
  };
}
