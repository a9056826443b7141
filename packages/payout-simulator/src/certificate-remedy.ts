/**
 * What to do about a handler's certificate the program refused, by the refusal's code: the flag or variable that
 * trusts it, with the certificate's fingerprint as the refusal read it, ready to paste.
 */
export function certificateRemedy(code: string | null, refusal: string): string {
  const fingerprint = /SHA-256 fingerprint ([0-9A-F:]+)/.exec(refusal)?.[1];
  const pin = `--trust-fingerprint ${fingerprint ?? 'SHA256'}`;
  if (refusal.includes('not the pinned one')) return `It is not the certificate --trust-fingerprint names: give this one's (${pin}), or --insecure.`;
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return `To trust it: ${pin}, or NODE_EXTRA_CA_CERTS=<its PEM file>, or --insecure.`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `Give callback_url a host name the certificate names, or trust it as it is: ${pin}, or --insecure.`;
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return `Renew the handler's certificate, or trust it as it is: ${pin}, or --insecure.`;
    default:
      return `To trust it: NODE_EXTRA_CA_CERTS=<the PEM file of its authority>, or ${pin}, or --insecure.`;
  }
}
