import type { CallInput, CallName, CallOutput } from '../../../shared/contract';
import { sessionToken } from './session-token';
import { noteTokenRefusal } from './token-refusal';

/** A call that did not return its output: the server's `{ error, issues }`, or why it could not be reached. */
export class CallFailure extends Error {
  constructor(
    readonly callName: CallName,
    /** HTTP status; 0 when the core could not be reached. */
    readonly status: number,
    message: string,
    readonly issues: readonly string[] = [],
    /** What to do next, when the core knows; the message keeps the detail. */
    readonly advice: string | null = null,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The one way the UI talks to the core: POST /rpc/<name>, typed by the shared contract. */
export async function call<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: CallOptions = {},
): Promise<CallOutput<N>> {
  let response: Response;
  try {
    response = await fetch(`/rpc/${name}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${sessionToken() ?? ''}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(input),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new CallFailure(name, 0, 'The inspector core cannot be reached. Is it still running?');
  }

  const body = parseJson(await response.text());
  if (response.ok) return body as CallOutput<N>;
  noteTokenRefusal(response.status, body);
  throw failureFrom(name, response.status, body);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failureFrom(name: CallName, status: number, body: unknown): CallFailure {
  if (isCallErrorBody(body)) return new CallFailure(name, status, body.error, body.issues ?? [], typeof body.advice === 'string' ? body.advice : null);
  if (status === 401 || status === 403) {
    return new CallFailure(name, status, 'Not authorized: open the UI from the address the inspector printed (it carries the token).');
  }
  return new CallFailure(name, status, `${name} failed with HTTP ${status}.`);
}

function isCallErrorBody(body: unknown): body is { error: string; issues?: string[]; advice?: unknown } {
  if (typeof body !== 'object' || body === null) return false;
  const { error, issues } = body as { error?: unknown; issues?: unknown };
  return typeof error === 'string' && (issues === undefined || (Array.isArray(issues) && issues.every((i) => typeof i === 'string')));
}

/** A readable line for any error thrown by `call`. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
