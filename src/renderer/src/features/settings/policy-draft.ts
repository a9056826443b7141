import type { ResponsePolicy } from '../../../../shared/policy';

/** The policy form as typed: numbers stay text until saved, so a half-typed field is not rewritten. */
export interface PolicyDraft {
  status: string;
  delayMs: string;
  failNext: string;
  failStatus: string;
  rejectInvalidSignature: boolean;
}

export function draftFromPolicy(policy: ResponsePolicy): PolicyDraft {
  return {
    status: String(policy.status),
    delayMs: String(policy.delayMs),
    failNext: String(policy.failNext),
    failStatus: String(policy.failStatus),
    rejectInvalidSignature: policy.rejectInvalidSignature,
  };
}

type Checked = { policy: ResponsePolicy } | { problems: string[] };

/** The same bounds as the shared schema, said per field before the call is made. */
export function policyFromDraft(draft: PolicyDraft): Checked {
  const problems: string[] = [];
  const whole = (text: string, label: string, min: number, max: number): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      problems.push(`${label} must be a whole number from ${min} to ${max}.`);
    }
    return value;
  };
  const policy: ResponsePolicy = {
    status: whole(draft.status, 'Status', 200, 599),
    delayMs: whole(draft.delayMs, 'Delay', 0, 120_000),
    failNext: whole(draft.failNext, 'Fail next', 0, 1_000_000),
    failStatus: whole(draft.failStatus, 'Fail status', 200, 599),
    rejectInvalidSignature: draft.rejectInvalidSignature,
  };
  return problems.length > 0 ? { problems } : { policy };
}
