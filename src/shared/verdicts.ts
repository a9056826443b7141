import { z } from 'zod';

export const payloadForms = ['gift_cards', 'crypto_form_a', 'crypto_form_b', 'unknown', 'unparseable'] as const;
export const PayloadForm = z.enum(payloadForms);
export type PayloadForm = z.infer<typeof PayloadForm>;

export const signatureVerdicts = ['valid', 'invalid', 'missing', 'malformed', 'no_secret'] as const;
export const SignatureVerdict = z.enum(signatureVerdicts);
export type SignatureVerdict = z.infer<typeof SignatureVerdict>;

export const severities = ['error', 'warning', 'info'] as const;
export const Severity = z.enum(severities);
export type Severity = z.infer<typeof Severity>;

/** One broken (or noteworthy) rule: a stable code, a JSON path into the body ("$" for the whole request), one line. */
export const Finding = z.object({
  code: z.string(),
  severity: Severity,
  path: z.string(),
  message: z.string(),
});
export type Finding = z.infer<typeof Finding>;

/** The signature check spelled out: what was received, what the secret gives, and why the verdict. */
export const SignatureCheck = z.object({
  verdict: SignatureVerdict,
  received: z.string().nullable(),
  expected: z.string().nullable(),
  reason: z.string(),
  /**
   * `expected` holds only the digest's first hex digits: on a team server below admin, and to an MCP client, the whole
   * digest is shown only when it matches the header (shared/signature-view.ts). Absent: whole.
   */
  expectedIsPrefix: z.boolean().optional(),
});
export type SignatureCheck = z.infer<typeof SignatureCheck>;
