/**
 * What to do next about a failed service API call, in one sentence for the user; the error's message
 * keeps the technical detail. Fixed text only: nothing the service or the network said, so never a token.
 */

const settings = 'Settings → Service';

const tlsCertificateCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const connectionLostCodes = new Set(['ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** For a request that got no answer: `reason` is the network error's code (or message). */
export function adviceForNetworkFailure(reason: string): string {
  if (reason === 'ECONNREFUSED') {
    return `Nothing accepts connections at the service's address: check the host and port of the base URL in ${settings}, and that the service is running.`;
  }
  if (reason === 'ENOTFOUND' || reason === 'EAI_AGAIN') {
    return `The service's host name could not be found: check the base URL in ${settings} for a typo, and this machine's network and DNS.`;
  }
  if (tlsCertificateCodes.has(reason)) {
    return `The service's TLS certificate was not accepted: check that the base URL in ${settings} names the service's own host; a certificate from a private authority must be trusted by this machine (NODE_EXTRA_CA_CERTS).`;
  }
  if (reason === 'EPROTO' || reason.startsWith('ERR_SSL_')) {
    return `The service's address does not answer in HTTPS: if it serves plain HTTP, the base URL in ${settings} should start with http:, otherwise check its port.`;
  }
  if (connectionLostCodes.has(reason)) {
    return `The connection to the service failed: check this machine's network (VPN, proxy, firewall) and the base URL in ${settings}, then try again.`;
  }
  return `The service could not be reached: check the base URL in ${settings} and this machine's network.`;
}

export function adviceForTimeout(): string {
  return `The service did not answer in time: it may be slow or down, or the base URL in ${settings} points at something that never answers; check it, then try again.`;
}

/** For an answer whose status is not a success; null when the service's own message says enough. */
export function adviceForAnswer(upstreamStatus: number): string | null {
  if (upstreamStatus === 401) return `The service refused the API token: enter the account's current API token in ${settings}.`;
  if (upstreamStatus === 403) return `The API token is not allowed this call: check its permissions with the service's account, or enter another token in ${settings}.`;
  if (upstreamStatus >= 300 && upstreamStatus < 400) {
    return `The service redirected the call, which is never followed (the token would go along): the base URL in ${settings} is probably not the API's own (http: for https:, a missing path, or another host).`;
  }
  if (upstreamStatus >= 500) return 'The service failed on its side: try again in a moment; if it keeps failing, the service is down or has a problem of its own.';
  return null;
}

export function adviceForBodyNotJson(): string {
  return `The answer is not the API's JSON: the base URL in ${settings} may point at a web page (a login or proxy page) rather than the service's API.`;
}

export function adviceForBodyTooLarge(): string {
  return `The answer is far larger than any page of the API: the base URL in ${settings} may point at something other than the service's API.`;
}

export function adviceForRefusedTarget(): string {
  return `This server's egress policy does not let it reach the service's address: an admin allows it with --allow-target or in Settings → Egress, or the base URL in ${settings} changes.`;
}
