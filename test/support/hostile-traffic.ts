import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { giftCardBody, serviceHeaders } from './deliveries';
import { post } from './https-client';

/** What a server sent on one connection, whether it closed the connection itself (else the attacker gave up), and after how long. */
export interface ConnectionOutcome {
  text: string;
  closed: boolean;
  ms: number;
  /** The socket error the attacker saw, if any (e.g. ECONNRESET, EPIPE). */
  error: string | null;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The bytes of a real TLS ClientHello, as Node sends it (captured by a TCP server that never answers). */
export async function captureClientHello(): Promise<Buffer> {
  const server = createTcpServer();
  const hello = new Promise<Buffer>((resolve) => server.once('connection', (s: Socket) => s.once('data', resolve)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = tlsConnect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, rejectUnauthorized: false });
  client.on('error', () => undefined);
  const bytes = await hello;
  client.destroy();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
  });
  return bytes;
}

/**
 * The statuses of the responses a server sent on one connection, in order, or null when the bytes are
 * not a run of well-formed HTTP/1.1 responses: each must start with `HTTP/1.1 NNN` (100 to 599) and
 * carry a body framed by Content-Length or chunked encoding, or none (1xx, 204, 304, a HEAD request).
 */
export function responseStatuses(raw: string, headRequest = false): number[] | null {
  // A HEAD request's answer has no body even with a Content-Length, but an answer to bytes that only
  // looked like HEAD (a 400 for them) has one: either reading is well-formed.
  return (headRequest ? parseResponses(raw, true) : null) ?? parseResponses(raw, false);
}

function parseResponses(raw: string, headRequest: boolean): number[] | null {
  const statuses: number[] = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', at);
    if (headEnd === -1) return null;
    const head = raw.slice(at, headEnd);
    const statusLine = /^HTTP\/1\.1 ([1-5]\d\d) [^\r\n]*/.exec(head);
    if (!statusLine) return null;
    const status = Number(statusLine[1]);
    statuses.push(status);
    at = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)\r?$/im.exec(head);
    const chunked = /\r\ntransfer-encoding: *chunked\r?$/im.test(head);
    const bodiless = status < 200 || status === 204 || status === 304 || (headRequest && statuses.length === 1);
    if (bodiless) continue;
    if (length) {
      at += Number(length[1]);
      if (at > raw.length) return null;
    } else if (chunked) {
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', at);
        if (lineEnd === -1) return null;
        const size = parseInt(raw.slice(at, lineEnd), 16);
        if (!Number.isFinite(size)) return null;
        at = lineEnd + 2 + size + 2;
        if (at > raw.length) return null;
        if (size === 0) break;
      }
    } else {
      at = raw.length; // a body delimited by the close
    }
  }
  return statuses;
}

/** The p-th percentile (nearest rank) of some numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface SteadyTraffic {
  /** Deliveries sent. */
  sent: number;
  /** Each answer's status (0: no answer, the connection failed). */
  statuses: number[];
  latenciesMs: number[];
  /** Deliveries answered 2xx: the id the receiver gave and the SHA-256 of the bytes sent. */
  acknowledged: Array<{ id: number; sha256: string }>;
  errors: string[];
}

/**
 * Signed deliveries at a steady rate, each on its own connection as the service sends them, each with
 * its own idempotency key. stop() ends the stream and waits for the answers still due.
 */
export function steadyDeliveries(url: string, perSecond: number): { stop(): Promise<SteadyTraffic> } {
  const result: SteadyTraffic = { sent: 0, statuses: [], latenciesMs: [], acknowledged: [], errors: [] };
  const inFlight = new Set<Promise<void>>();
  const sendOne = () => {
    const body = giftCardBody({ recipient_uuid: randomUUID() });
    const start = performance.now();
    result.sent++;
    const sent = post(`${url}/webhooks`, body, serviceHeaders(body))
      .then((answer) => {
        result.latenciesMs.push(performance.now() - start);
        result.statuses.push(answer.status);
        if (answer.status >= 200 && answer.status < 300) {
          result.acknowledged.push({
            id: Number(answer.headers['x-inspector-delivery-id']),
            sha256: sha256(body),
          });
        }
      })
      .catch((error: Error) => {
        result.statuses.push(0);
        result.errors.push(error.message);
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  const timer = setInterval(sendOne, 1000 / perSecond);
  sendOne();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return result;
    },
  };
}

/** Stored delivery rows by id (body and whether it was cut at the limit), read from the SQLite file by a connection of the test's own. */
export function storedBodies(dataDir: string, ids: number[]): Map<number, { body: Buffer; truncated: boolean }> {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    const read = db.prepare('SELECT body, body_truncated FROM deliveries WHERE id = ?');
    const rows = new Map<number, { body: Buffer; truncated: boolean }>();
    for (const id of ids) {
      const row = read.get(id) as { body: Buffer; body_truncated: number } | undefined;
      if (row) rows.set(id, { body: row.body, truncated: row.body_truncated === 1 });
    }
    return rows;
  } finally {
    db.close();
  }
}

/** Every stored delivery received on one path, in arrival order, read like storedBodies. */
export function storedAtPath(dataDir: string, path: string): Array<{ id: number; body: Buffer; truncated: boolean; status: number }> {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT id, body, body_truncated, response_status FROM deliveries WHERE path = ? ORDER BY id')
      .all(path) as Array<{ id: number; body: Buffer; body_truncated: number; response_status: number }>;
    return rows.map((r) => ({ id: r.id, body: r.body, truncated: r.body_truncated === 1, status: r.response_status }));
  } finally {
    db.close();
  }
}

/** A process's resident set size in bytes, from /proc (Linux), or null when it cannot be read. */
export function vmRssBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** Samples a resident set size on an interval (and once at the start); max() is the largest seen. */
export function sampleRss(read: () => number | null, intervalMs = 200): { max(): number; samples(): number; stop(): void } {
  let max = 0;
  let samples = 0;
  const take = () => {
    const value = read();
    if (value === null) return;
    samples++;
    max = Math.max(max, value);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return { max: () => max, samples: () => samples, stop: () => clearInterval(timer) };
}

/*
 * The attackers run in a worker thread of their own, as they would run on another machine: their TLS
 * handshakes, writes and reads must not be charged to the event loop that an in-process receiver runs
 * on. Plain JavaScript, since a worker is not transformed by the test runner.
 */
const attackerPrelude = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const tls = require('node:tls');
const { host, port } = workerData;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const open = (transport) => new Promise((resolve, reject) => {
  const socket = transport === 'tcp'
    ? net.connect(port, host, () => resolve(socket))
    : tls.connect({ host, port, rejectUnauthorized: false }, () => resolve(socket));
  socket.once('error', reject);
});
/** Everything the server sends until it closes the connection, or until limitMs; then the attacker closes it. */
const collect = (socket, limitMs) => new Promise((resolve) => {
  const start = performance.now();
  let text = '';
  let error = null;
  const done = (closed) => {
    clearTimeout(timer);
    resolve({ text, closed, ms: Math.round(performance.now() - start), error });
  };
  const timer = setTimeout(() => done(false), Math.max(0, limitMs));
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('close', () => done(true));
  socket.on('error', (e) => (error = e.code || String(e)));
});
const report = (promise) => promise.then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
);
`;

const slowlorisSource = `${attackerPrelude}
const { slots, attackMs, trickleMs, rampMs } = workerData;
const end = Date.now() + attackMs;
const result = { opened: 0, cutOff: [], abandoned: [] };
const slot = async (n) => {
  await sleep((n * rampMs) / slots);
  while (Date.now() < end) {
    const socket = await open('tls');
    result.opened++;
    socket.write('POST /slowloris/' + n + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nX-Slow: ');
    const drip = setInterval(() => { if (socket.writable) socket.write('a'); }, trickleMs);
    const outcome = await collect(socket, end - Date.now());
    clearInterval(drip);
    socket.destroy();
    (outcome.closed ? result.cutOff : result.abandoned).push(outcome);
  }
};
report(Promise.all(Array.from({ length: slots }, (_, n) => slot(n))).then(() => result));
`;

const connectionsSource = `${attackerPrelude}
const { scripts, width } = workerData;
const waitDrain = (socket) => new Promise((resolve) => {
  const go = () => { socket.off('drain', go); socket.off('close', go); resolve(); };
  socket.on('drain', go);
  socket.on('close', go);
});
const runSteps = async (socket, steps, state) => {
  for (const step of steps) {
    if (!socket.writable) return;
    if (step.write) socket.write(step.write);
    if (step.end) socket.end();
    if (step.drip) {
      for (let i = 0; i < step.drip.bytes.length && socket.writable; i++) {
        socket.write(step.drip.bytes.subarray(i, i + 1));
        await sleep(step.drip.everyMs);
      }
    }
    if (step.push) {
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const framed = step.push.chunked ? Buffer.concat([Buffer.from('10000\\r\\n'), chunk, Buffer.from('\\r\\n')]) : chunk;
      while (state.pushed < step.push.total && socket.writable) {
        state.pushed += chunk.length;
        if (!socket.write(framed)) await waitDrain(socket);
      }
      if (step.push.chunked && socket.writable) socket.write('0\\r\\n\\r\\n');
    }
  }
};
const runOne = async (script) => {
  const socket = await open(script.transport);
  const state = { pushed: 0 };
  const outcome = collect(socket, script.limitMs);
  const steps = runSteps(socket, script.steps, state).catch(() => undefined);
  const result = await outcome;
  socket.destroy();
  await steps;
  return { ...result, pushed: state.pushed };
};
const results = new Array(scripts.length);
let next = 0;
const lane = async () => {
  while (next < scripts.length) {
    const index = next++;
    results[index] = await runOne(scripts[index]);
  }
};
report(Promise.all(Array.from({ length: Math.min(width, scripts.length) }, lane)).then(() => results));
`;

function inWorker<T>(source: string, url: string, data: Record<string, unknown>): Promise<T> {
  const { hostname, port } = new URL(url);
  const worker = new Worker(source, { eval: true, workerData: { host: hostname, port: Number(port), ...data } });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { result?: T; error?: string }) => {
      void worker.terminate();
      if (message.error === undefined) resolve(message.result as T);
      else reject(new Error(`attacker worker: ${message.error}`));
    });
    worker.once('error', reject);
  });
}

export interface SlowlorisOptions {
  /** Connections held open at once. */
  slots: number;
  /** How long the attack reconnects dropped connections; then the ones still open are closed by the attacker. */
  attackMs: number;
  /** One header byte per connection every trickleMs. */
  trickleMs: number;
  /** The slots open over this time, as an attacker's would. */
  rampMs: number;
}

export interface SlowlorisResult {
  /** Connections opened. */
  opened: number;
  /** Connections the server closed. */
  cutOff: ConnectionOutcome[];
  /** Connections still open when the attack stopped. */
  abandoned: ConnectionOutcome[];
}

/**
 * A slowloris: `slots` TLS connections that send a request line and then trickle header bytes, never
 * finishing the headers; each slot reconnects as soon as the server drops it, until attackMs is over.
 */
export function slowloris(url: string, options: SlowlorisOptions): Promise<SlowlorisResult> {
  return inWorker(slowlorisSource, url, { ...options });
}

/** One step of a scripted connection. */
export type Step =
  | { write: Uint8Array }
  /** Half-close: no more bytes from the client. */
  | { end: true }
  /** One byte every everyMs. */
  | { drip: { bytes: Uint8Array; everyMs: number } }
  /** 64 KiB chunks (chunk-framed or not) as fast as the connection takes them, up to total bytes. */
  | { push: { total: number; chunked: boolean } };

export interface ConnectionScript {
  /** tls: a request over TLS; tcp: raw bytes where the receiver expects a TLS handshake. */
  transport: 'tls' | 'tcp';
  steps: Step[];
  /** The attacker gives up (closed: false) after this long. */
  limitMs: number;
}

export interface ScriptOutcome extends ConnectionOutcome {
  /** Bytes the connection took in push steps. */
  pushed: number;
}

/** Runs scripted connections, at most `width` at a time, from the attacker's thread. */
export function runConnections(url: string, scripts: ConnectionScript[], width = scripts.length): Promise<ScriptOutcome[]> {
  return inWorker(connectionsSource, url, { scripts, width });
}
