import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { calls, type CallContext, type CallHandlers, type CallName } from '../../../shared/contract';
import { CONTENT_SECURITY_POLICY } from '../../../shared/csp';
import type { EventStream } from './event-stream';
import type { Authenticate } from './access';
import { allowedOrigins, bearerToken, checkRequest } from './guard';
import { serveStatic } from './static-files';
import type { TransferRoutes } from './transfer-routes';

export interface ControlServerDeps {
  /** Who a token lets in: the per-start token's holder, or a team server's user. */
  authenticate: Authenticate;
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
  log: (line: string) => void;
}

export const securityHeaders = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const maxCallBytes = 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...securityHeaders,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxCallBytes) reject(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text === '' ? {} : JSON.parse(text));
      } catch {
        reject(new Error('body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

async function handleCall(name: string, req: IncomingMessage, res: ServerResponse, deps: ControlServerDeps, caller: CallContext) {
  if (!(name in calls)) return sendJson(res, 404, { error: `unknown call ${name}` });
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'calls are POST' });
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, { error: 'calls are JSON' });
  }
  const callName = name as CallName;
  let body: unknown;
  try {
    body = await readJson(req);
  } catch (error) {
    return sendJson(res, 400, { error: (error as Error).message });
  }
  const parsed = calls[callName].input.safeParse(body);
  if (!parsed.success) {
    return sendJson(res, 400, {
      error: `invalid input to ${callName}`,
      issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`),
    });
  }
  try {
    const handler = deps.handlers[callName] as (input: unknown, context: CallContext) => unknown;
    sendJson(res, 200, await handler(parsed.data, caller));
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    if (status === 500) deps.log(`control: ${callName} failed (${(error as Error).message})`);
    const advice = (error as { advice?: unknown }).advice;
    sendJson(res, status, { error: (error as Error).message, ...(typeof advice === 'string' ? { advice } : {}) });
  }
}

/** The caller a token names, or why the request is refused (never which part of the token was wrong). */
async function authenticate(deps: ControlServerDeps, given: string | null): Promise<CallContext | { status: 401 | 503; error: string }> {
  if (given === null) return { status: 401, error: 'missing or wrong token' };
  try {
    return (await deps.authenticate(given)) ?? { status: 401, error: 'missing or wrong token' };
  } catch (error) {
    deps.log(`control: could not check a token (${(error as Error).message})`);
    return { status: 503, error: 'the token cannot be checked now; try again' };
  }
}

async function handleAuthenticated(req: IncomingMessage, res: ServerResponse, deps: ControlServerDeps, url: URL, isEvents: boolean) {
  const given = isEvents ? (url.searchParams.get('token') ?? bearerToken(req)) : bearerToken(req);
  const caller = await authenticate(deps, given);
  if ('status' in caller) return sendJson(res, caller.status, { error: caller.error });
  if (isEvents) return deps.events.attach(res);
  if (url.pathname.startsWith('/transfer/') && deps.transfers) return deps.transfers(req, res, url, caller);
  return handleCall(url.pathname.slice('/rpc/'.length), req, res, deps, caller);
}

/** The UI's only door into the core: its bind address, token, Host and Origin checked on every request. */
export function createControlServer(deps: ControlServerDeps): { server: Server; setPort(port: number): void } {
  const allowedFor = (port: number) => allowedOrigins(port, deps.bindAddress, deps.publicOrigins);
  let allowed = allowedFor(0);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    const isCall = url.pathname.startsWith('/rpc/');
    const isEvents = url.pathname === '/events';
    const isTransfer = url.pathname.startsWith('/transfer/');
    const verdict = checkRequest(req, allowed);
    if (!verdict.ok) return sendJson(res, verdict.status, { error: verdict.error });
    if (isCall || isEvents || isTransfer) return void handleAuthenticated(req, res, deps, url, isEvents);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' });
    if (deps.rendererDir === null) return sendJson(res, 404, { error: 'this core serves no UI' });
    void serveStatic(deps.rendererDir, url.pathname, res, securityHeaders);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return { server, setPort: (port) => (allowed = allowedFor(port)) };
}
