/** Keys whose values are credentials: the signing secret, API and relay tokens, passwords, auth headers. */
const secretKey = /secret|token|password|passphrase|authorization|cookie|api[-_]?key|credential/i;
const removed = '[removed]';
const longestString = 500;
const mostItems = 20;

/**
 * A call's input as the audit log keeps it: every value under a secret's key removed (whatever the call, so a
 * new call's secret is removed too), a URL's password removed, long strings and lists shortened.
 */
export function auditDetails(input: unknown): unknown {
  if (typeof input === 'string') return withoutUrlPassword(input.length > longestString ? `${input.slice(0, longestString)}…` : input);
  if (Array.isArray(input)) {
    const kept = input.slice(0, mostItems).map(auditDetails);
    return input.length > mostItems ? [...kept, `… ${input.length - mostItems} more`] : kept;
  }
  if (typeof input !== 'object' || input === null) return input;
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, secretKey.test(key) ? removed : auditDetails(value)]));
}

function withoutUrlPassword(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text)) return text;
  try {
    const url = new URL(text);
    if (url.password === '') return text;
    url.password = removed;
    return url.toString();
  } catch {
    return text;
  }
}

const targetKeys = ['url', 'target', 'outDir', 'path', 'name'] as const;

/** What a call was aimed at, when its input names one: a replay's or a relay's URL, a forward target, a path, a user. */
export function auditTarget(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const fields = details as Record<string, unknown>;
  for (const key of targetKeys) if (typeof fields[key] === 'string') return fields[key];
  const connection = fields.connection as { baseUrl?: unknown } | undefined;
  return typeof connection?.baseUrl === 'string' ? connection.baseUrl : null;
}
