import type { CoreStatus } from '../../shared/contract';
import { ServiceConnection, SimulatorBehaviour, type SimulatorCredentials, type SimulatorState } from '../../shared/simulator';
import { unrestrictedEgress, type EgressPolicy } from './outbound/egress-policy';
import { egressWithOwnReceiver } from './outbound/own-receiver';
import type { ReceiverPorts } from './receiver/receiver-ports';
import type { SecretStore } from './secret-store';
import type { ServiceAccess } from './service-api';
import { secretFingerprint, type SigningSecret } from './signing-secret';
import { sendAttempt } from '@webhook-inspector/http-attempt';
import { demoPayoutOrderRequests, loadSimulatorAccount, startSimulator, type Simulator, type WebhookSender } from 'payout-simulator';
import type { SettingsStore } from './store/inspector-store';
import type { Logger } from './logger';

export interface EmbeddedSimulatorOptions {
  /** Its API's port on 127.0.0.1 (serve --simulator-port); a free one by default. */
  port?: number;
  seed?: number;
  /** Default: the dispatcher's compressed demo scale. */
  timeScale?: number;
}

export interface ServiceConnectionDeps {
  dataDir: string;
  settings: SettingsStore;
  secret: SigningSecret;
  apiTokenStore: SecretStore;
  /** The receiver's certificate, which the simulator's dispatcher trusts by its fingerprint. */
  receiverFingerprint: string;
  receiverUrl: () => string | null;
  /** What a real service's base URL must pass (the embedded simulator's own address is the core's, not a user's). */
  egress: EgressPolicy;
  /** The receiver's ports now: the simulator's webhooks may always go there. */
  receiverPorts: () => ReceiverPorts;
  /** false: never run the embedded simulator (the inspector only receives). */
  simulator: EmbeddedSimulatorOptions | false;
  onSimulatorChanged: () => void;
  /** After a switch of service or token (the API client's cached pages belong to the previous one). */
  onConnectionChanged?: () => void;
  log: Logger;
}

/** Headless alternative to a stored API token for a real service. */
export const apiTokenEnvVar = 'WEBHOOK_INSPECTOR_API_TOKEN';

class Conflict extends Error {
  readonly status = 409;
}

/** Which service the inspector talks to: the embedded simulator (the default) or a real one. */
export class ServiceConnectionManager {
  private simulator: Simulator | null = null;
  private connection: ServiceConnection;

  constructor(private readonly deps: ServiceConnectionDeps) {
    this.connection = deps.settings.read('serviceConnection', ServiceConnection) ?? { mode: 'simulator' };
  }

  async start(): Promise<void> {
    if (this.connection.mode !== 'simulator' || this.deps.simulator === false) return;
    const account = loadSimulatorAccount(this.deps.dataDir);
    // A secret the user set (--secret, Settings) is the one the simulated service signs with, so demo traffic verifies.
    account.signWithHostSecret(() => this.deps.secret.chosen);
    this.simulator = await startSimulator({
      account,
      ...this.deps.simulator,
      trustedFingerprint: this.deps.receiverFingerprint,
      send: this.webhookSender(),
      behaviour: this.deps.settings.read('simulatorBehaviour', SimulatorBehaviour),
      onChange: this.deps.onSimulatorChanged,
      log: (line) => this.deps.log.info(line),
    });
    this.deps.secret.setFallback(account.ownSecret());
  }

  /**
   * The simulator's webhooks go out through the core's sender: a callback URL is a user's (api.createPayoutOrder),
   * checked by the egress policy like any target, this receiver allowed.
   */
  private webhookSender(): WebhookSender {
    const egress = egressWithOwnReceiver(this.deps.egress, this.deps.receiverPorts);
    return (request) => sendAttempt({ ...request, egress });
  }

  async stop(): Promise<void> {
    const running = this.simulator;
    this.simulator = null;
    this.deps.secret.setFallback(null);
    await running?.close();
  }

  status(): CoreStatus['service'] {
    if (this.connection.mode === 'simulator') {
      return { mode: 'simulator', baseUrl: this.simulator?.apiUrl ?? null, apiTokenSet: this.simulator !== null };
    }
    return { mode: 'service', baseUrl: this.connection.baseUrl, apiTokenSet: this.realServiceToken() !== null };
  }

  /** The API to call and its token: the simulator's while it runs, else the real service's when it has a token. */
  apiAccess(): ServiceAccess | null {
    if (this.connection.mode === 'simulator') {
      const simulator = this.simulator;
      return simulator ? { baseUrl: simulator.apiUrl, apiToken: simulator.account.apiToken, egress: unrestrictedEgress } : null;
    }
    const apiToken = this.realServiceToken();
    return apiToken === null ? null : { baseUrl: this.connection.baseUrl, apiToken, egress: this.deps.egress };
  }

  private realServiceToken(): string | null {
    return this.deps.apiTokenStore.load() || process.env[apiTokenEnvVar] || null;
  }

  /** Switches service; the simulator runs only in simulator mode. */
  async set(connection: ServiceConnection, apiToken: string | undefined): Promise<void> {
    // Refused before anything is saved; every call checks again when it connects.
    if (connection.mode === 'service') await this.deps.egress.check(connection.baseUrl);
    if (apiToken !== undefined) this.deps.apiTokenStore.save(apiToken);
    this.deps.settings.write('serviceConnection', connection);
    this.connection = connection;
    await this.stop();
    await this.start();
    this.deps.onConnectionChanged?.();
  }

  simulatorState(): SimulatorState {
    const simulator = this.simulator;
    if (!simulator) return { running: false };
    const { events, counts } = simulator.dispatcher.state();
    return {
      running: true,
      apiUrl: simulator.apiUrl,
      credentials: this.simulatorCredentials(simulator),
      timeScale: simulator.dispatcher.timeScale,
      seed: simulator.world.seed,
      behaviour: simulator.dispatcher.behaviour(),
      counts,
      events: events.reverse(),
    };
  }

  private simulatorCredentials({ account }: Simulator): SimulatorCredentials {
    const signsWithOwn = this.deps.secret.chosen === null;
    return {
      apiToken: account.apiToken,
      signsWith: signsWithOwn ? 'own' : 'yours',
      signingSecret: signsWithOwn ? account.ownSecret() : null,
      signingSecretFingerprint: secretFingerprint(account.signingSecret()),
    };
  }

  configure(change: Partial<SimulatorBehaviour>): SimulatorBehaviour {
    const simulator = this.running();
    simulator.dispatcher.configure(change);
    const behaviour = simulator.dispatcher.behaviour();
    this.deps.settings.write('simulatorBehaviour', behaviour);
    return behaviour;
  }

  resend(id: number): boolean {
    return this.running().dispatcher.resend(id);
  }

  /** Demo orders through the simulator's own API, their webhooks aimed at this inspector's HTTPS receiver. */
  async createDemoOrders(): Promise<Array<{ uuid: string; payoutType: string; recipients: number }>> {
    const simulator = this.running();
    const receiver = this.deps.receiverUrl();
    if (!receiver) throw new Conflict('the HTTPS receiver is not running');
    const created = [];
    for (const request of demoPayoutOrderRequests(simulator.world, `${receiver}/webhooks/demo`)) {
      const res = await fetch(`${simulator.apiUrl}/api/payout-orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Token': simulator.account.apiToken },
        body: JSON.stringify(request),
      });
      const body = (await res.json()) as { uuid?: string; payout_type?: string; message?: string };
      if (res.status !== 201) throw new Error(`the simulator refused a demo order: ${body.message ?? res.status}`);
      // The recipients sent, not the answer's: the order's size is what was asked for (spec 2.5).
      created.push({ uuid: String(body.uuid), payoutType: String(body.payout_type), recipients: request.recipients.length });
    }
    return created;
  }

  private running(): Simulator {
    if (!this.simulator) throw new Conflict('the simulator is not running (a real service is configured)');
    return this.simulator;
  }
}
