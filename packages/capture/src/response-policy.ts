import type { BodyOutcome } from './capture-body';
import type { ResponseGiven } from './delivery';

/** What the receiver reads of the user's response policy (the app's full policy, src/shared/policy.ts, is one). */
export interface AnswerPolicy {
  status: number;
  delayMs: number;
  failNext: number;
  failStatus: number;
  rejectInvalidSignature: boolean;
}

export interface Answer {
  status: number;
  reason: string;
  /** Set when the answer used up one of "fail the next N": the policy it counted down (given back if the delivery is not stored). */
  countedDown?: number;
}

/** The response sent for an answer: `{"received":true}` for a 2xx, else the reason as `{"error":…}`. */
export function responseFor({ status, reason }: Answer): ResponseGiven {
  const ok = status >= 200 && status < 300;
  return { status, reason, body: JSON.stringify(ok ? { received: true } : { error: reason }) };
}

/** What the receiver saw of a request, before any policy. */
export interface RequestFacts {
  method: string;
  outcome: BodyOutcome;
  /** An HTTP/1.1 request without a Host header. */
  hostMissing: boolean;
  /** An Expect header other than 100-continue, which this receiver cannot meet. */
  unmetExpectation: string | null;
}

/** Answers that do not depend on the policy: the request itself was unacceptable. */
export function protocolAnswer(request: RequestFacts): Answer | null {
  if (request.outcome === 'too_large') return { status: 413, reason: 'body over the size limit: the bytes up to it kept' };
  if (request.outcome === 'refused_before_upload') {
    return { status: 413, reason: 'body announced over the size limit: refused before upload (Expect: 100-continue), none of it kept' };
  }
  if (request.outcome === 'timed_out') return { status: 408, reason: 'body not received within the request timeout' };
  if (request.outcome === 'incomplete') return { status: 400, reason: 'body shorter than its Content-Length' };
  if (request.hostMissing) return { status: 400, reason: 'no Host header, which HTTP/1.1 requires' };
  if (request.unmetExpectation !== null) {
    return { status: 417, reason: `expectation not supported: Expect: ${request.unmetExpectation}` };
  }
  if (request.method !== 'POST') return { status: 405, reason: 'method not allowed: the service only POSTs' };
  return null;
}

/** The user's response policy, with its "fail the next N" counter. */
export class ResponsePolicyState<ResponsePolicy extends AnswerPolicy = AnswerPolicy> {
  /** Counts the policies set, so that a give-back never lands on a newer one. */
  private generation = 0;

  constructor(
    private current: ResponsePolicy,
    private readonly onChange: (policy: ResponsePolicy) => void = () => {},
  ) {}

  get policy(): ResponsePolicy {
    return this.current;
  }

  /** A new policy from the user; saved by onChange. The failNext countdown is not: it is for this run. */
  set(policy: ResponsePolicy): void {
    this.current = policy;
    this.generation++;
    this.onChange(policy);
  }

  /** Gives back the failure an answer counted down, for a delivery that was not stored after all (unless the user set a new policy since). */
  giveBack(answer: Answer): void {
    if (answer.countedDown !== this.generation) return;
    this.current = { ...this.current, failNext: this.current.failNext + 1 };
  }

  /** Decides the answer to an acceptable delivery, counting down failNext; the signature is checked only when the policy asks. */
  answer(verdictOf: () => string): Answer {
    const policy = this.current;
    const verdict = policy.rejectInvalidSignature ? verdictOf() : 'valid';
    if (verdict !== 'valid') {
      return { status: 401, reason: `policy: reject signatures that are not valid (${verdict})` };
    }
    if (policy.failNext > 0) {
      this.current = { ...policy, failNext: policy.failNext - 1 };
      const reason = `policy: fail the next deliveries (${policy.failNext - 1} left)`;
      return { status: policy.failStatus, reason, countedDown: this.generation };
    }
    return { status: policy.status, reason: policy.status === 200 ? 'policy: default' : `policy: answer ${policy.status}` };
  }
}
