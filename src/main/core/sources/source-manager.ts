import { z } from 'zod';
import type { ConfiguredRelay, SecretStorage } from '../../../shared/contract';
import type { RelaySourceSettings, SourceHealth } from '../../../shared/relay';
import type { EgressPolicy } from '../outbound/egress-policy';
import { normalizeFingerprint } from '@webhook-inspector/http-attempt';
import type { SecretStore } from '../secret-store';
import type { InspectorStore, SettingsStore } from '../store/inspector-store';
import { pullFromRelay, relaySourceName } from './pull-from-relay';
import type { RelayEndpoint } from './relay-client';
import type { RelaySource, RelaySourceDeps } from './relay-source';

export interface SourceManagerDeps extends Pick<RelaySourceDeps, 'secret' | 'store' | 'log'> {
  inspectorStore: InspectorStore;
  settings: SettingsStore;
  /** Where a token set in Settings is kept (like the API token). */
  tokenStore: SecretStore;
  /** `serve --relay`: this run's source, in place of the saved one. */
  commandLine: RelayEndpoint | undefined;
  /** What a relay's address must pass. */
  egress: EgressPolicy;
  /** The health or the configuration changed. */
  onChange: () => void;
}

/** What is saved in the settings table; the token is kept apart, in the token store. */
const SavedRelay = z.object({ url: z.string(), fingerprint: z.string().nullable() });
const savedKey = 'relaySource';

class BadRequest extends Error {
  readonly status = 400;
}

interface Running {
  endpoint: RelayEndpoint;
  tokenStorage: SecretStorage;
  source: RelaySource;
  /** Deliveries stored from this relay before this source started. */
  storedBefore: number;
}

const sameOrigin = (a: string, b: string) => new URL(a).origin === new URL(b).origin;

/**
 * The relay source in force, started and stopped at run time: the command line's for this run, else the one
 * saved from Settings. Its token is sent only to the relay it was given for, and never logged or shown.
 */
export class SourceManager {
  private running: Running | null = null;
  /** Set and clear one at a time: a source is stopped before the next one starts. */
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SourceManagerDeps) {}

  /** Starts the command line's source, else the saved one (when its token is still kept). */
  start(): Promise<void> {
    return this.serially(async () => {
      if (this.deps.commandLine) return this.run(this.deps.commandLine, 'memory');
      const saved = this.deps.settings.read(savedKey, SavedRelay);
      const token = saved ? this.deps.tokenStore.load() : null;
      if (saved && token === null) this.deps.log.warn(`source ${relaySourceName(saved.url)}: its token is no longer kept; set it again in Settings`);
      if (saved && token !== null) await this.run({ ...saved, token }, this.deps.tokenStore.storage);
    });
  }

  get health(): SourceHealth[] {
    return this.running ? [this.running.source.status] : [];
  }

  get configured(): ConfiguredRelay | null {
    if (!this.running) return null;
    const { endpoint, tokenStorage, source, storedBefore } = this.running;
    return {
      url: endpoint.url,
      name: source.status.name,
      fingerprint: endpoint.fingerprint,
      tokenStorage,
      stored: storedBefore + source.status.received,
    };
  }

  /** Saves the source and pulls from it from now on, in place of the one in force. */
  set(settings: RelaySourceSettings): Promise<void> {
    return this.serially(async () => {
      const token = settings.token ?? this.keptTokenFor(settings.url);
      if (token === null) throw new BadRequest('give the channel token: none is kept for a relay at this address');
      await this.deps.egress.check(settings.url);
      const fingerprint = settings.fingerprint === null ? null : normalizeFingerprint(settings.fingerprint);
      if (settings.token !== undefined) this.deps.tokenStore.save(settings.token);
      this.deps.settings.write(savedKey, { url: settings.url, fingerprint });
      await this.stopRunning();
      await this.run({ url: settings.url, token, fingerprint }, this.deps.tokenStore.storage);
    });
  }

  /** Stops pulling and forgets the saved source and its token; what it brought stays in the store. */
  clear(): Promise<void> {
    return this.serially(async () => {
      this.deps.tokenStore.save(null);
      this.deps.settings.remove(savedKey);
      const name = this.running?.source.status.name;
      await this.stopRunning();
      if (name) this.deps.log.info(`source ${name}: removed`);
      this.deps.onChange();
    });
  }

  async stop(): Promise<void> {
    await this.serially(() => this.stopRunning());
  }

  /** The saved token, only for the relay it was saved for: a token is never sent to another host. */
  private keptTokenFor(url: string): string | null {
    const saved = this.deps.settings.read(savedKey, SavedRelay);
    return saved && sameOrigin(saved.url, url) ? this.deps.tokenStore.load() : null;
  }

  private async run(endpoint: RelayEndpoint, tokenStorage: SecretStorage): Promise<void> {
    const { inspectorStore, secret, store, log, onChange } = this.deps;
    const source = pullFromRelay({ ...endpoint, egress: this.deps.egress }, inspectorStore, { secret, store, log, onHealth: onChange });
    const storedBefore = await inspectorStore.deliverySource(source.status.name).count();
    this.running = { endpoint, tokenStorage, source, storedBefore };
    log.info(`source ${source.status.name}: pulling from ${endpoint.url}`);
    source.start();
    onChange();
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    this.running = null;
    await running?.source.stop();
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.switching.then(work);
    this.switching = next.catch(() => {});
    return next;
  }
}
