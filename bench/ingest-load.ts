import type { Client, Result } from 'autocannon';
import { Agent, request } from 'node:https';
import { serveChild } from './children';
import { generateDeliveries } from './generate';
import { quantile } from './stats';

/**
 * The load generator's process (never the receiver's): the generated traffic, pre-built, sent with autocannon
 * over HTTPS keep-alive, or evenly paced by a plain Node client for the fixed-rate figure.
 */
export interface LoadArg {
  /** Distinct requests generated; a run continues where the previous one to the same target stopped. */
  poolSize: number;
}

export interface LoadReady {
  requests: number;
  generateMs: number;
  meanBodyBytes: number;
  /** The retry storm's one delivery: its body's size and event. */
  storm: { bodyBytes: number; event: string };
}

/**
 * What a run sends: the generated traffic (`mix`), or a retry storm (`storm`): one signed gift-card delivery
 * sent again and again, byte for byte (one idempotency key, one duplicate group, one lifecycle growing).
 */
export type LoadKind = 'mix' | 'storm';

export interface LoadRun {
  target: string;
  port: number;
  /** Put before every request's path (the relay receives under /c/<channel>/). */
  pathPrefix?: string;
  connections: number;
  seconds: number;
  /** Send this many requests in all, then stop (in place of `seconds`). */
  amount?: number;
  /** autocannon's overallRate: requests per second over all connections (0 = as fast as answered). */
  overallRate?: number;
  /** The generated traffic by default. */
  load?: LoadKind;
}

export interface PacedRun {
  target: string;
  port: number;
  rate: number;
  seconds: number;
  /** Most sockets the client keeps open (keep-alive). */
  sockets: number;
}

export interface LoadResult {
  seconds: number;
  /** Answers per second: 2xx over the run's measured duration. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests still unanswered when the run stopped (their connections are closed). */
  inFlight: number;
  /** 2xx answered before the measured part (a paced run's first second, opening its connections). */
  warmUpOk?: number;
  /** Latency of every answer, ms: from the request written to the answer read. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** CPU time the load generator used over the run, ms (it shares the machine's cores with the receiver). */
  loadCpuMs: number;
}

const host = '127.0.0.1';

function cpuMs(): number {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}

function latencyFigures(latencies: Float64Array, count: number): Pick<LoadResult, 'p50' | 'p90' | 'p99' | 'max'> {
  const sorted = latencies.subarray(0, count).sort();
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), max: quantile(sorted, 1) };
}

interface PoolEntry {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The whole HTTP/1.1 request as autocannon writes it (request line, headers, body). */
  wire: Buffer;
}

/** The generator's POSTs (GET probes left out: every answer is a 2xx and stored), built once. */
function buildPool(size: number): { pool: PoolEntry[]; meanBodyBytes: number } {
  const pool: PoolEntry[] = [];
  let bodyBytes = 0;
  for (const { raw } of generateDeliveries(Math.ceil(size * 1.002))) {
    if (raw.method !== 'POST' || pool.length >= size) continue;
    const headers = Object.fromEntries(raw.headers.filter(([name]) => !/^(connection|content-length)$/i.test(name)));
    const head = [`POST ${raw.path} HTTP/1.1`, 'Connection: keep-alive', `Content-Length: ${raw.body.byteLength}`];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    const wire = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), raw.body]);
    pool.push({ path: raw.path, headers, body: Buffer.from(raw.body), wire });
    bodyBytes += raw.body.byteLength;
  }
  return { pool, meanBodyBytes: bodyBytes / pool.length };
}

/** The body as a JSON object; null for the generator's broken ones. */
function parsedObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The retry storm's delivery: of the pool's gift-card events, the one whose body is nearest 1 KB (signed, as the service retries it). */
function stormEntry(pool: PoolEntry[]): { entry: PoolEntry; event: string } {
  let best: { entry: PoolEntry; event: string } | null = null;
  for (const entry of pool) {
    const body = parsedObject(entry.body);
    if (body?.payout_type !== 'gift_cards') continue;
    if (best === null || Math.abs(entry.body.byteLength - 1024) < Math.abs(best.entry.body.byteLength - 1024)) {
      best = { entry, event: String(body.event) };
    }
  }
  if (best === null) throw new Error('the generated traffic holds no gift-card event');
  return best;
}

export function loadChild(arg: string): Promise<void> {
  const { poolSize } = JSON.parse(arg) as LoadArg;
  return serveChild(async () => {
    const autocannon = (await import('autocannon')).default;
    const started = Date.now();
    const { pool, meanBodyBytes } = buildPool(poolSize);
    const generateMs = Date.now() - started;
    const storm = stormEntry(pool);
    const cursors = new Map<string, number>();

    /**
     * Connection i sends pool[cursor + i], pool[cursor + i + C], …: together they keep the generator's order.
     * The pre-built bytes are handed to autocannon's client as they are (its getRequestBuffer), so the load
     * generator spends nothing per request on building them.
     */
    const requestsFor = (target: string, connections: number, onSent: () => void, pathPrefix = '', load: LoadKind = 'mix') => {
      const cursor = cursors.get(target) ?? 0;
      const prefixed = Buffer.from(`POST ${pathPrefix}`, 'latin1');
      let next = 0;
      return (client: Client) => {
        (client as unknown as NodeJS.EventEmitter).on('request', onSent);
        let index = cursor + (next++ % connections);
        (client as Client & { getRequestBuffer: () => Buffer }).getRequestBuffer = () => {
          const wire = load === 'storm' ? storm.entry.wire : pool[index % pool.length]!.wire;
          index += connections;
          // Every wire starts with "POST ": the prefix goes right after it.
          return pathPrefix === '' ? wire : Buffer.concat([prefixed, wire.subarray(5)]);
        };
      };
    };

    const run = async (options: LoadRun): Promise<LoadResult> => {
      const latencies = new Float64Array(2_000_000);
      let count = 0;
      let sent = 0;
      const cpuStart = cpuMs();
      let done!: (result: Result) => void;
      let failed!: (error: Error) => void;
      const finished = new Promise<Result>((resolve, reject) => {
        done = resolve;
        failed = reject;
      });
      const instance = autocannon({
        url: `https://${host}:${options.port}`,
        connections: options.connections,
        duration: options.seconds,
        amount: options.amount,
        overallRate: options.overallRate || undefined,
        // Raw latencies are kept below; autocannon's own histogram is whole milliseconds.
        ignoreCoordinatedOmission: Boolean(options.overallRate),
        setupClient: requestsFor(options.target, options.connections, () => sent++, options.pathPrefix, options.load),
        // Only for autocannon's bookkeeping: the bytes sent come from requestsFor.
        requests: [{ method: 'POST', path: pool[0]!.path, headers: pool[0]!.headers, body: pool[0]!.body }],
      }, (error: Error | null, result: Result) => (error ? failed(error) : done(result)));
      instance.on('response', (_client, _status, _bytes, ms) => {
        if (count < latencies.length) latencies[count++] = ms;
      });
      const result = await finished;
      const loadCpuMs = cpuMs() - cpuStart;
      const answered = result['2xx'] + result.non2xx;
      // The storm sends none of the pool: the next mix run goes on where the last one stopped.
      if (options.load !== 'storm') cursors.set(options.target, ((cursors.get(options.target) ?? 0) + sent) % pool.length);
      return {
        seconds: result.duration,
        rps: result['2xx'] / result.duration,
        ok: result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        inFlight: Math.max(0, sent - answered),
        ...latencyFigures(latencies, count),
        loadCpuMs,
      };
    };

    /** Sends `total` requests on a fixed schedule (one every 1/rate s) whatever the answers do: open loop. */
    const sendAtRate = async (agent: Agent, target: string, port: number, rate: number, total: number) => {
      const latencies = new Float64Array(total);
      const counts = { count: 0, ok: 0, non2xx: 0, errors: 0 };
      let sent = 0;
      let cursor = cursors.get(target) ?? 0;
      const start = process.hrtime.bigint();
      const elapsedMs = () => Number(process.hrtime.bigint() - start) / 1e6;
      await new Promise<void>((resolve) => {
        let settled = 0;
        const settle = () => {
          if (++settled === total) resolve();
        };
        const send = () => {
          const r = pool[cursor]!;
          cursor = (cursor + 1) % pool.length;
          const body = r.body;
          const t0 = process.hrtime.bigint();
          const req = request(
            { agent, host, port, method: 'POST', path: r.path, headers: { ...r.headers, 'Content-Length': body.byteLength } },
            (res) => {
              res.resume();
              res.on('end', () => {
                latencies[counts.count++] = Number(process.hrtime.bigint() - t0) / 1e6;
                if (res.statusCode! >= 200 && res.statusCode! < 300) counts.ok++;
                else counts.non2xx++;
                settle();
              });
            },
          );
          req.on('error', () => {
            counts.errors++;
            settle();
          });
          req.end(body);
        };
        const timer = setInterval(() => {
          const due = Math.min(total, Math.floor((elapsedMs() * rate) / 1000) + 1);
          while (sent < due) {
            sent++;
            send();
          }
          if (sent >= total) clearInterval(timer);
        }, 1);
      });
      cursors.set(target, cursor);
      return { latencies, ...counts, seconds: elapsedMs() / 1000 };
    };

    /**
     * Open loop at a fixed rate. A first second at the same rate, not counted, opens the client's connections:
     * the service keeps its connections alive, so a TLS handshake per new socket is not part of the ack time.
     */
    const paced = async (options: PacedRun): Promise<LoadResult> => {
      const agent = new Agent({ keepAlive: true, maxSockets: options.sockets, rejectUnauthorized: false });
      const warmUp = await sendAtRate(agent, options.target, options.port, options.rate, Math.round(options.rate));
      const cpuStart = cpuMs();
      const total = Math.round(options.rate * options.seconds);
      const result = await sendAtRate(agent, options.target, options.port, options.rate, total);
      agent.destroy();
      return {
        seconds: result.seconds,
        rps: result.ok / result.seconds,
        ok: result.ok,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: 0,
        inFlight: 0,
        warmUpOk: warmUp.ok,
        ...latencyFigures(result.latencies, result.count),
        loadCpuMs: cpuMs() - cpuStart,
      };
    };

    return {
      ready: {
        requests: pool.length,
        generateMs,
        meanBodyBytes,
        storm: { bodyBytes: storm.entry.body.byteLength, event: storm.event },
      } satisfies LoadReady,
      handlers: { run, paced, stop: () => null },
    };
  });
}
