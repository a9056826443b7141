import type { Role } from './role';
import type { SignatureCheck } from './verdicts';

/**
 * No signature oracle. Anyone can choose a stored body (by posting it to the receiver or a relay channel), so a
 * digest computed over a stored body with the signing secret in force is a signature for a body of their choice.
 * Only whoever holds the secret sees such digests whole: the one user of a personal inspector (an admin), and a
 * team server's admins. Everyone else (a team's members and viewers, an MCP client) sees the first
 * `digestPrefixLength` hex digits, enough to compare by eye and no use as a signature.
 */
export const digestPrefixLength = 8;

/** Whether this caller may see digests made with the signing secret in force whole: its holder (an admin). */
export function seesWholeDigests(caller: { role: Role }): boolean {
  return caller.role === 'admin';
}

/**
 * The signature check as shown to someone who may not see digests whole: `expected` whole only when the verdict is
 * valid (it is then what was received, so nothing new), else cut to its first hex digits (`expectedIsPrefix`).
 */
export function checkWithoutOracle(check: SignatureCheck): SignatureCheck {
  if (check.verdict === 'valid' || check.expected === null) return check;
  return { ...check, expected: check.expected.slice(0, digestPrefixLength), expectedIsPrefix: true };
}

/** Every run of hex digits longer than the prefix cut to it, followed by "…": a digest in any form (sha256=, sha1=, bare). */
export function withoutDigests(value: string): string {
  return value.replace(new RegExp(`([0-9a-fA-F]{${digestPrefixLength}})[0-9a-fA-F]+`, 'g'), '$1…');
}

const signatureHeader = 'x-service-signature';

/** Request headers as shown to someone who may not see them whole: each X-Service-Signature value `withoutDigests`. */
export function headersWithoutSignatures(headers: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => [name, name.toLowerCase() === signatureHeader ? withoutDigests(value) : value]);
}
