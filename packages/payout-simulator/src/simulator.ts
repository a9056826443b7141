import { startSimulatorApi, type SimWorld } from './api';
import { WebhookDispatcher, type AttemptView, type DispatcherBehaviour, type DispatchEventView } from './dispatcher';
import type { WebhookSender } from './dispatcher/webhook-sender';
import type { SimAccount } from './model';

export interface SimulatorOptions {
  account: SimAccount;
  /** API port on 127.0.0.1; 0 (default) for an ephemeral one. */
  port?: number;
  seed?: number;
  /** Compresses backoff and pacing; 1 = real timings. The dispatcher's default (60) when undefined. */
  timeScale?: number;
  /** Accept the receiver's self-signed certificate when its SHA-256 fingerprint is this one. */
  trustedFingerprint?: string | null;
  allowPlainHttp?: boolean;
  /** Sends each webhook attempt: the app injects its egress-checked sender; by default, to any address. */
  send?: WebhookSender;
  behaviour?: DispatcherBehaviour;
  onChange?: (event: DispatchEventView) => void;
  /** Told of each attempt once it has its outcome (the program prints a line for each). */
  onAttempt?: (event: DispatchEventView, attempt: AttemptView) => void;
  log?: (line: string) => void;
}

export interface Simulator {
  apiUrl: string;
  account: SimAccount;
  world: SimWorld;
  dispatcher: WebhookDispatcher;
  close(): Promise<void>;
}

/** The simulated payout service: its API, and the dispatcher that sends each created order's webhooks. */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const dispatcher = new WebhookDispatcher({
    account: options.account,
    seed: options.seed,
    timeScale: options.timeScale,
    trustedFingerprint: options.trustedFingerprint ?? null,
    allowPlainHttp: options.allowPlainHttp,
    send: options.send,
    onChange: options.onChange,
    onAttempt: options.onAttempt,
    ...options.behaviour,
  });
  const api = await startSimulatorApi({
    port: options.port,
    account: options.account,
    seed: options.seed,
    sink: dispatcher,
    log: options.log,
    allowPlainHttp: options.allowPlainHttp,
    webhooks: () => dispatcher.state().events,
  }).catch(async (error: Error) => {
    await dispatcher.close();
    throw error;
  });
  return {
    apiUrl: api.url,
    account: options.account,
    world: api.world,
    dispatcher,
    async close() {
      await api.close();
      await dispatcher.close();
    },
  };
}
