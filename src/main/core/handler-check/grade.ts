import type { CheckCase } from './check-case';

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
}

/** What the service does with an answer to real traffic (spec 4.1, 7, 8). */
function consequence(answer: Answer, readTimeoutMs: number): string | null {
  if (answer.kind === 'timeout') return `no answer within ${readTimeoutMs / 1000} s: the service's read timeout (spec 8); it retries, up to 8 attempts over about 90 minutes`;
  if (answer.kind === 'error') return `${answer.error}: a connection failure, retried by the service (spec 7)`;
  const { status } = answer;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `${status}: redirects are never followed, a 3xx is a failure (spec 4.1); the service retries`;
  if (status >= 400 && status < 500) return `${status}: the service abandons the event at the first 4xx, never retried (spec 7): this event would be lost`;
  return `${status}: the service retries (spec 7), up to 8 attempts over about 90 minutes (spec 8)`;
}

const described = (answer: Answer) => (answer.kind === 'response' ? String(answer.status) : answer.kind === 'timeout' ? 'a timeout' : 'a connection failure');

/** Grades a case by what each of its requests got back. */
export function gradeCase(checkCase: CheckCase, answers: readonly Answer[], readTimeoutMs: number): Grade {
  const labelled = (i: number, text: string) => (checkCase.requests.length > 1 ? `${checkCase.requests[i]!.label ?? `request ${i + 1}`}: ${text}` : text);
  if (checkCase.expect === 'reject') {
    const accepted = answers.findIndex((a) => a.kind === 'response' && a.status >= 200 && a.status < 300);
    if (accepted >= 0) {
      return { verdict: 'security-failure', reason: labelled(accepted, `answered ${described(answers[accepted]!)}: a forged delivery was accepted; verify the signature over the raw bytes and reject a mismatch (spec 5.4)`) };
    }
    return { verdict: 'pass', reason: `rejected (${answers.map(described).join(', ')})` };
  }
  const problems = answers.flatMap((answer, i) => {
    const wrong = consequence(answer, readTimeoutMs);
    return wrong === null ? [] : [labelled(i, wrong)];
  });
  if (problems.length > 0) return { verdict: 'fail', reason: problems.join('; ') };
  return { verdict: 'pass', reason: `answered ${answers.map(described).join(', ')}` };
}
