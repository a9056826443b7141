import { serviceReadTimeoutMs } from '../../../shared/delivery';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ServiceConnection } from '../../../shared/simulator';
import { personalEgress } from '../outbound/egress-policy';
import { ServiceApiClient, RateLimiter, defaultRequestsPerSecond } from '../service-api';
import { apiTokenEnvVar } from '../service-connection';
import { fileSecretStore } from '../signing-secret';
import type { StoreReader } from '../store/reader';
import { heartbeatMs } from './runtime-log';
import type { PageReader } from './run-reconcile';
import { retryWindowFor } from './reconcile-service';

/**
 * The service API a reconcile run outside a running core reads (the `reconcile` command, the MCP tool): given, or the
 * one the data dir's inspector uses: a real service's base URL and token as Settings saved them, or, with the embedded
 * simulator, the API a running inspector recorded (its runtime span) and the simulator's token from the data dir.
 */
export interface ReconcileApi {
  baseUrl: string;
  readPage: PageReader;
  requestsPerSecond: number;
  retryWindowMs: number;
  /** The service's read timeout: spec 8's 10 s, or --read-timeout's. */
  readTimeoutMs: number;
  /** Where the API came from, for the command's line. */
  from: string;
}

export interface ApiAccessOptions {
  dataDir: string;
  store: StoreReader;
  /** --api URL */
  apiUrl?: string;
  /** --time-scale: a simulator run with it retries that much faster. */
  timeScale?: number;
  /** --read-timeout: a simulator started with another read timeout than the service's 10 s. */
  readTimeoutMs?: number;
  requestsPerSecond?: number;
  now?: number;
}

const SimulatorAccount = z.object({ apiToken: z.string().min(1) });

function simulatorToken(dataDir: string): string | null {
  const file = join(dataDir, 'simulator-account.json');
  if (!existsSync(file)) return null;
  try {
    const parsed = SimulatorAccount.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.apiToken : null;
  } catch {
    return null;
  }
}

const SimulatorDetail = z.object({ api: z.string(), timeScale: z.number().positive() });

/** The embedded simulator of an inspector still running on this store (its span seen lately), or null. */
async function runningSimulator(store: StoreReader, now: number): Promise<{ api: string; timeScale: number } | null> {
  const spans = await store.reconcile.runtime.spans(now);
  for (const span of spans.reverse()) {
    if (span.component !== 'inspector' || span.stoppedAt !== null || now - span.seenAt > 3 * heartbeatMs) continue;
    const parsed = SimulatorDetail.safeParse(span.detail.simulator);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export async function reconcileApi(options: ApiAccessOptions): Promise<ReconcileApi> {
  const now = options.now ?? Date.now();
  const saved = options.store.settings.read('serviceConnection', ServiceConnection) ?? { mode: 'simulator' as const };
  const savedToken = () => process.env[apiTokenEnvVar] || fileSecretStore(options.dataDir, 'api-token').load() || null;
  const simulator = await runningSimulator(options.store, now);
  let baseUrl: string;
  let token: string | null;
  let from: string;
  let timeScale: number | null = null;
  if (options.apiUrl !== undefined) {
    baseUrl = options.apiUrl.replace(/\/+$/, '');
    const isSimulator = simulator !== null && simulator.api.replace(/\/+$/, '') === baseUrl;
    token = process.env[apiTokenEnvVar] || (isSimulator ? simulatorToken(options.dataDir) : null) || savedToken();
    if (isSimulator) timeScale = simulator.timeScale;
    from = '--api';
  } else if (saved.mode === 'service') {
    baseUrl = saved.baseUrl;
    token = savedToken();
    from = 'the service saved in Settings';
  } else {
    if (simulator === null) {
      throw new Error(
        'no service API to read: the data dir uses the embedded simulator, and no inspector is running it now. Start the inspector (it records its simulator), or give --api URL (and the token in WEBHOOK_INSPECTOR_API_TOKEN)',
      );
    }
    baseUrl = simulator.api;
    token = simulatorToken(options.dataDir);
    timeScale = simulator.timeScale;
    from = 'the embedded simulator of the inspector running on this data dir';
  }
  if (!token) throw new Error(`no API token for ${baseUrl}: give it in ${apiTokenEnvVar}`);
  if (options.timeScale !== undefined) timeScale = options.timeScale;
  const requestsPerSecond = options.requestsPerSecond ?? defaultRequestsPerSecond;
  const apiToken = token;
  const egress = personalEgress();
  const client = new ServiceApiClient({ access: () => ({ baseUrl, apiToken, egress }), limiter: new RateLimiter(requestsPerSecond) });
  return {
    baseUrl,
    readPage: (target, page, limit, signal) => client.listPage(target, page, limit, signal),
    requestsPerSecond,
    retryWindowMs: retryWindowFor(timeScale),
    readTimeoutMs: options.readTimeoutMs ?? serviceReadTimeoutMs,
    from,
  };
}
