import type { Role } from './role';

/**
 * What viewers see of a URL a user typed (a replay's target, the forward target, a check run's, the service's or a
 * relay's address): whoever typed it and admins see it whole; anyone else sees it with its credentials replaced by
 * `redacted`: the userinfo (`user:pass@`) and the value of every query or fragment parameter whose name looks like a
 * credential (access_token, token, api_key, key, secret, signature, sig, password, auth…). The rest is kept as typed,
 * byte for byte, so that the host, path and other parameters can still be compared.
 */
export const redactedMark = 'redacted';

/** Parameter names (lower case, `-`, `.` and spaces read as `_`) whose value is a credential. */
const credentialName =
  /token|secret|passw|pwd|passphrase|api_?key|apikey|signature|credential|session|cookie|bearer|private|(^|_)(key|sig|auth\w*|pass|code|jwt|hmac)$/;

/** Whether a query or fragment parameter of this name carries a credential (its value is then redacted). */
export function isCredentialParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    // A malformed escape: judged as written.
  }
  return credentialName.test(decoded.trim().toLowerCase().replace(/[-.\s[\]]+/g, '_'));
}

/** `a=1&token=x&b` with every credential's value replaced; the separators and the other parameters as written. */
function redactParameters(parameters: string): string {
  return parameters
    .split(/([&;])/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const value = part.slice(equals + 1);
      return value !== '' && isCredentialParameter(part.slice(0, equals)) ? `${part.slice(0, equals + 1)}${redactedMark}` : part;
    })
    .join('');
}

const withAuthority = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\\]*)/i;

/** The URL with its credentials replaced by `redacted` (see redactedMark); any other text is left as it is. */
export function redactUrl(url: string): string {
  let rest = url;
  let head = '';
  const authority = withAuthority.exec(url);
  if (authority) {
    const [whole, scheme, hostPart] = authority as unknown as [string, string, string];
    const at = hostPart.lastIndexOf('@');
    head = `${scheme}${at < 0 ? hostPart : `${redactedMark}@${hostPart.slice(at + 1)}`}`;
    rest = url.slice(whole.length);
  }
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? null : rest.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? null : beforeHash.slice(question + 1);
  return `${head}${path}${query === null ? '' : `?${redactParameters(query)}`}${fragment === null ? '' : `#${redactParameters(fragment)}`}`;
}

/** Who sees a URL whole: whoever typed it (`typedBy`, a team user's name) and admins (a personal inspector's user is one). */
export function seesUrlOf(caller: { user: string | null; role: Role }, typedBy: string | null): boolean {
  return caller.role === 'admin' || (caller.user !== null && caller.user === typedBy);
}

/** The URL as `caller` may see it: whole for whoever typed it and admins, else redacted. */
export function urlShownTo(url: string, caller: { user: string | null; role: Role }, typedBy: string | null = null): string {
  return seesUrlOf(caller, typedBy) ? url : redactUrl(url);
}

/** Every http(s) URL inside a text (an error message naming its target) redacted; punctuation after one is the text's. */
export function redactUrlsIn(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]*[^\s"'<>:.,;!?)\]]/gi, (url) => redactUrl(url));
}
