import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { calls, type CallContext, type CallHandlers, type CallName } from '../../../shared/contract';
import { changesState, refusal, roleAllows } from '../../../shared/roles';
import { tokenRefusedBodies, type TokenRefusal } from '../../../shared/token-refusal';
import type { AuditLog } from '../team/audit-log';
import type { EventStream } from './event-stream';
import type { Access, Caller } from './access';
import { EventTickets } from './event-tickets';
import { allowedOrigins, bearerToken, checkRequest } from './guard';
import { callInputBytes, readJson, securityHeaders, sendJson } from './http-json';
import { maxInputDepth, nestedDeeperThan } from './json-depth';
import { tooManyRefusals, type RefusalLimiter } from './refusal-limiter';
import { serveStatic } from './static-files';
import type { TransferRoutes } from './transfer-routes';
import type { Logger } from '../logger';

export interface ControlServerDeps {
  /** Who a token lets in: the per-start token's holder, or a team server's user. */
  access: Access;
  /** A team server's audit log: every call that changes something is recorded, whatever its outcome, and every refused call. */
  audit?: AuditLog | null;
  /** How many refused calls each team user may make before they are answered 429 (a team server's; none: no limit). */
  refusals?: RefusalLimiter | null;
  /** Tickets that open the event stream (their lifetime is the tests' to shorten). */
  tickets?: EventTickets;
  /** The address the server binds (127.0.0.1 unless a team server is told otherwise). */
  bindAddress?: string;
  /** Origins the UI is also served from, e.g. a team server's public https:// URL at its reverse proxy. */
  publicOrigins?: readonly string[];
  handlers: CallHandlers;
  /** Downloads and uploads: /transfer/export and /transfer/import (a core's; a test's server may have none). */
  transfers?: TransferRoutes;
  events: EventStream;
  /** The built renderer; null when this host serves no UI. */
  rendererDir: string | null;
  logger: Logger;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A call's name, if it is one: the contract's own keys only (never `constructor`, `__proto__` or `toString`). */
function callNamed(name: string): CallName | null {
  return Object.hasOwn(calls, name) ? (name as CallName) : null;
}

/** A name that is no call, as the 404 and the audit log quote it: printable characters, at most 100. */
function quotedName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Kept as sent.
  }
  const printable = [...decoded].filter((c) => c >= ' ' && c !== '\u007f').join('');
  return printable.length > 100 ? `${printable.slice(0, 100)}…` : printable;
}

async function handleCall(name: string, req: IncomingMessage, res: ServerResponse, deps: ControlServerDeps, caller: CallContext) {
  const callName = callNamed(name);
  if (callName === null) {
    const quoted = quotedName(name);
    return refuse(res, deps, caller, { action: 'rpc.unknown', target: quoted, details: {}, answer: { status: 404, body: { error: `unknown call ${quoted}` } } });
  }
  if (!roleAllows(caller.role, callName)) {
    // Recorded with what it was given, as far as it can be read (the audit log keeps a bounded part of it).
    const input = await readJson(req).catch(() => undefined);
    return refuse(res, deps, caller, { action: callName, details: input, answer: { status: 403, body: { error: refusal(caller.role, callName) } } });
  }
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'calls are POST' });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, { error: 'calls are JSON' });
  }
  const noted: Record<string, unknown> = {};
  const context: CallContext = { ...caller, noteForAudit: (details) => Object.assign(noted, details) };
  const { answer, input, refused } = await answerCall(callName, req, deps, context);
  const details = Object.keys(noted).length === 0 || typeof input !== 'object' || input === null ? input : { ...input, ...noted };
  const recorded = changesState(callName);
  if (refused && recorded) return refuse(res, deps, caller, { action: callName, details, answer });
  if (deps.audit && recorded) await recordCall(deps, caller, { action: callName, details }, answer);
  sendJson(res, answer.status, answer.body);
}

interface RefusedCall {
  action: string;
  target?: string;
  details: unknown;
  answer: Answer;
}

/**
 * A call refused before it ran (a role that may not, a name that is no call, an input that is not one): recorded and
 * answered, or past the user's refusals (deps.refusals), answered 429 with when to retry, and recorded the first time.
 */
async function refuse(res: ServerResponse, deps: ControlServerDeps, caller: CallContext, refused: RefusedCall) {
  const verdict = deps.audit && deps.refusals && caller.user !== null ? deps.refusals.take(caller.user) : null;
  if (verdict !== null && !verdict.allowed) {
    const body = tooManyRefusals(verdict.retryAfterSeconds);
    if (verdict.firstHeldBack) await recordCall(deps, caller, { action: refused.action, target: refused.target, details: {} }, { status: 429, body });
    res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
    return sendJson(res, 429, body);
  }
  if (deps.audit) await recordCall(deps, caller, refused, refused.answer);
  sendJson(res, refused.answer.status, refused.answer.body);
}

/** The call's answer, its input as far as it was read (for the audit log), and whether it was refused before it ran. */
async function answerCall(callName: CallName, req: IncomingMessage, deps: ControlServerDeps, caller: CallContext) {
  let body: unknown;
  let unreadable: Error | null = null;
  try {
    body = await readJson(req, callInputBytes(callName));
  } catch (error) {
    unreadable = error as Error;
  }
  const done = (status: number, answerBody: unknown, input: unknown = body, refused = false) => ({ answer: { status, body: answerBody } as Answer, input, refused });
  if (unreadable) return done(400, { error: unreadable.message }, body, true);
  // Deeper than any call's input: refused before a schema or a handler walks it.
  if (nestedDeeperThan(body, maxInputDepth)) return done(400, { error: `the input is nested deeper than ${maxInputDepth} levels` }, body, true);
  const parsed = calls[callName].input.safeParse(body);
  if (!parsed.success) {
    return done(
      400,
      {
        error: `invalid input to ${callName}`,
        issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`),
      },
      body,
      true,
    );
  }
  try {
    const handler = deps.handlers[callName] as (input: unknown, context: CallContext) => unknown;
    return done(200, await handler(parsed.data, caller), parsed.data);
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    if (status === 500) deps.logger.error(`control: ${callName} failed (${(error as Error).message})`);
    const advice = (error as { advice?: unknown }).advice;
    return done(status, { error: (error as Error).message, ...(typeof advice === 'string' ? { advice } : {}) }, parsed.data);
  }
}

/** Records a call in the audit log, with the status it is answered with; a failure to record is logged, not answered. */
async function recordCall(deps: ControlServerDeps, caller: CallContext, call: Omit<RefusedCall, 'answer'>, answer: Answer) {
  const error = (answer.body as { error?: unknown } | null)?.error;
  try {
    await deps.audit!.record({
      actor: caller.user ?? 'owner',
      action: call.action,
      details: call.details,
      ...(call.target === undefined ? {} : { target: call.target }),
      status: answer.status,
      error: typeof error === 'string' ? error : undefined,
    });
  } catch (failure) {
    deps.logger.error(`control: could not record ${call.action} in the audit log (${(failure as Error).message})`);
  }
}

/** A 401 that says why, so the UI can say what to do: the token was revoked, or it is not recognised. */
const refused = (why: TokenRefusal) => ({ status: 401 as const, body: tokenRefusedBodies[why] });

/** The store that holds the tokens did not answer: a 503 to retry, the cause in the log only. */
function uncheckable(deps: ControlServerDeps, error: unknown) {
  deps.logger.warn(`control: could not check a token (${(error as Error).message})`);
  return { status: 503 as const, body: { error: 'the token cannot be checked now; try again' } };
}

type Refused = { status: 401 | 503; body: unknown };

/** The caller a token names, or why the request is refused (never which part of the token was wrong, nor whose it was). */
async function authenticate(deps: ControlServerDeps, given: string | null): Promise<Caller | Refused> {
  if (given === null) return refused('unrecognised');
  try {
    const caller = await deps.access.authenticate(given);
    return typeof caller === 'string' ? refused(caller) : caller;
  } catch (error) {
    return uncheckable(deps, error);
  }
}

/** The stream's caller: a ticket's, with the role its token has now (a ticket outlives no revoke), or the Authorization header's. */
async function streamCaller(req: IncomingMessage, deps: ControlServerDeps, tickets: EventTickets, url: URL) {
  const ticket = url.searchParams.get('ticket');
  if (ticket === null) return authenticate(deps, bearerToken(req));
  const caller = tickets.redeem(ticket);
  if (caller === null) return refused('unrecognised');
  try {
    const role = (await deps.access.rolesNow([caller.credential])).get(caller.credential);
    return role === undefined ? refused('unrecognised') : { ...caller, context: { ...caller.context, role } };
  } catch (error) {
    return uncheckable(deps, error);
  }
}

async function handleAuthenticated(req: IncomingMessage, res: ServerResponse, deps: ControlServerDeps, tickets: EventTickets, url: URL) {
  if (url.pathname === '/events') {
    const caller = await streamCaller(req, deps, tickets, url);
    if ('status' in caller) return sendJson(res, caller.status, caller.body);
    return deps.events.attach(res, caller);
  }
  const caller = await authenticate(deps, bearerToken(req));
  if ('status' in caller) return sendJson(res, caller.status, caller.body);
  if (url.pathname === '/events/ticket') {
    return req.method === 'POST' ? sendJson(res, 200, tickets.issue(caller)) : sendJson(res, 405, { error: 'a ticket is POST' });
  }
  if (url.pathname.startsWith('/transfer/') && deps.transfers) return deps.transfers(req, res, url, caller.context);
  return handleCall(url.pathname.slice('/rpc/'.length), req, res, deps, caller.context);
}

/** The UI's only door into the core: its bind address, token, Host and Origin checked on every request. */
export function createControlServer(deps: ControlServerDeps): { server: Server; setPort(port: number): void } {
  const allowedFor = (port: number) => allowedOrigins(port, deps.bindAddress, deps.publicOrigins);
  let allowed = allowedFor(0);
  const tickets = deps.tickets ?? new EventTickets();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    const needsToken = url.pathname.startsWith('/rpc/') || url.pathname === '/events' || url.pathname === '/events/ticket' || url.pathname.startsWith('/transfer/');
    const verdict = checkRequest(req, allowed);
    if (!verdict.ok) return sendJson(res, verdict.status, { error: verdict.error });
    if (needsToken) return void handleAuthenticated(req, res, deps, tickets, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' });
    if (deps.rendererDir === null) return sendJson(res, 404, { error: 'this core serves no UI' });
    void serveStatic(deps.rendererDir, url.pathname, res, securityHeaders);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return { server, setPort: (port) => (allowed = allowedFor(port)) };
}
