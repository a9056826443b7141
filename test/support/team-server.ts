import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { builtCli } from './cli-process';

const runCli = promisify(execFile);

/** `serve user …` (or another `serve` subcommand) of the built CLI, on a team store, in a process of its own. */
export function serveCommand(storeUrl: string, ...args: string[]) {
  return runCli(process.execPath, [builtCli, 'serve', ...args, '--store', storeUrl]);
}

/** Creates a team user at the command line and returns the token it printed once. */
export async function createTeamUser(storeUrl: string, name: string, role?: string): Promise<string> {
  const { stdout } = await serveCommand(storeUrl, 'user', 'create', name, ...(role === undefined ? [] : ['--role', role]));
  const token = /^Token \(shown once, stored only as a hash\): (\S+)$/m.exec(stdout)?.[1];
  if (token === undefined) throw new Error(`no token printed: ${stdout}`);
  return token;
}

export interface Answer {
  status: number;
  body: string;
}

/** A raw HTTP request, so that Host and Origin can be what a browser at a public hostname sends. */
export function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; firstChunkOnly?: boolean } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (options.firstChunkOnly) {
          resolve({ status: res.statusCode!, body });
          res.destroy();
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function callAs(origin: string, token: string | null, name: string, input: unknown = {}, headers: Record<string, string> = {}) {
  return raw(`${origin}/rpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
    body: JSON.stringify(input),
  });
}

/** A ticket for one event stream, bought with the token as the UI does (or the refusal). */
export function eventTicket(origin: string, token: string): Promise<Answer> {
  return raw(`${origin}/events/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
}

/** The event stream as the UI opens it: a ticket, then the stream with the ticket; its first chunk (or the refusal). */
export async function eventsAs(origin: string, token: string): Promise<Answer> {
  const ticket = await eventTicket(origin, token);
  if (ticket.status !== 200) return ticket;
  return raw(`${origin}/events?ticket=${(JSON.parse(ticket.body) as { ticket: string }).ticket}`, { firstChunkOnly: true });
}

/** An open event stream: the names of the events it got, and whether the server ended it. */
export interface LiveStream {
  readonly events: string[];
  readonly ended: boolean;
  close(): void;
}

/** Opens the event stream as the UI does and follows it until the server ends it (or `close`). */
export async function openStream(origin: string, token: string): Promise<LiveStream> {
  const ticket = await eventTicket(origin, token);
  if (ticket.status !== 200) throw new Error(`no ticket: ${ticket.status} ${ticket.body}`);
  const url = `${origin}/events?ticket=${(JSON.parse(ticket.body) as { ticket: string }).ticket}`;
  return new Promise((resolve, reject) => {
    const events: string[] = [];
    let ended = false;
    const req = request(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the stream was refused: ${res.statusCode}`));
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name !== undefined) events.push(name);
        }
      });
      res.on('close', () => (ended = true));
      resolve({
        events,
        get ended() {
          return ended;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => (ended ? undefined : reject(error)));
    req.end();
  });
}
