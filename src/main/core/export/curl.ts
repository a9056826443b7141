import { isPseudoHeader } from '../replay/replay-headers';
import { printfBytesArgument, shellWord } from './shell-quote';

export interface CurlRequest {
  method: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Uint8Array;
}

// They describe the original connection; curl sets them for its own.
const connectionHeaders = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
// curl adds these by itself unless told not to: an empty `-H 'Name:'` stops it when the original had none.
const curlDefaults = ['User-Agent', 'Accept', 'Content-Type', 'Expect'];
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function acceptsSelfSigned(url: URL): boolean {
  return url.protocol === 'https:' && (localHosts.has(url.hostname) || url.hostname.endsWith('.localhost'));
}

function headerOption(name: string, value: string): string {
  // `Name:` would remove the header in curl; `Name;` sends it empty.
  return `-H ${shellWord(value === '' ? `${name};` : `${name}: ${value}`)}`;
}

/**
 * A curl command for any POSIX sh (dash, bash, zsh) that sends the exact stored bytes: the body through
 * `printf '%b'` on stdin (`--data-binary @-` keeps every byte, NUL included), every header as received
 * except the connection-level ones and HTTP/2 pseudo-headers, and `-k` only for an https localhost target (the receiver's own
 * certificate).
 */
export function curlCommand(request: CurlRequest, targetUrl: string): string {
  const url = new URL(targetUrl);
  const sent = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const options: string[] = ['-sS'];
  if (acceptsSelfSigned(url)) options.push('-k');
  if (/[[\]{}]/.test(targetUrl)) options.push('--globoff');
  const hasBody = request.body.byteLength > 0;
  if (request.method === 'HEAD' && !hasBody) options.push('--head');
  else if (request.method !== 'POST' && (hasBody || request.method !== 'GET')) options.push(`-X ${shellWord(request.method)}`);
  options.push(shellWord(targetUrl));
  for (const [name, value] of request.headers) {
    if (!connectionHeaders.has(name.toLowerCase()) && !isPseudoHeader(name)) options.push(headerOption(name, value));
  }
  for (const name of curlDefaults) if (!sent.has(name.toLowerCase())) options.push(`-H ${shellWord(`${name}:`)}`);
  if (hasBody) options.push('--data-binary @-');
  else if (request.method === 'POST') options.push("--data-binary ''");
  const curl = `curl ${options.join(' \\\n  ')}`;
  return hasBody ? `printf '%b' ${printfBytesArgument(request.body)} | ${curl}` : curl;
}
