import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreStatus } from '../../shared/contract';
import type { SecretStore } from './secret-store';

type SigningSecretStatus = CoreStatus['secret'];

/** Headless default: a secret (signing secret, API token) in a 0600 file in the data dir. */
export function fileSecretStore(dataDir: string, name: string): SecretStore {
  const file = join(dataDir, name);
  return {
    storage: 'file',
    load: () => (existsSync(file) ? readFileSync(file, 'utf8') : null),
    save: (secret) => {
      if (secret === null) rmSync(file, { force: true });
      else writeFileSync(file, secret, { mode: 0o600 });
    },
  };
}

/** A short, one-way name for a secret, to compare two without showing either: the first 8 hex digits of its SHA-256. */
export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 8);
}

/**
 * The signing secret in force, and where it is kept: the command line's, else the one set in Settings,
 * else the embedded simulator's while it runs. Never logged, never sent to the UI.
 */
export class SigningSecret {
  private value: string | null;
  private kept: SigningSecretStatus['storage'];
  private fallback: string | null = null;

  constructor(
    private readonly store: SecretStore,
    commandLineSecret: string | undefined,
  ) {
    if (commandLineSecret !== undefined) {
      this.value = commandLineSecret;
      this.kept = 'memory';
    } else {
      this.value = store.load();
      this.kept = this.value === null ? 'none' : store.storage;
    }
  }

  get current(): string | null {
    return this.value ?? this.fallback;
  }

  /** The secret the user chose (command line or Settings), without the simulator's fallback. */
  get chosen(): string | null {
    return this.value;
  }

  get status(): SigningSecretStatus {
    const current = this.current;
    const fingerprint = current === null ? null : secretFingerprint(current);
    if (this.value === null && this.fallback !== null) return { set: true, storage: 'simulator', fingerprint };
    return { set: this.value !== null, storage: this.kept, fingerprint };
  }

  /** The simulator's secret, used while no other is set (null when the simulator stops). */
  setFallback(secret: string | null): void {
    this.fallback = secret;
  }

  set(secret: string): void {
    this.store.save(secret);
    this.value = secret;
    this.kept = this.store.storage;
  }

  clear(): void {
    this.store.save(null);
    this.value = null;
    this.kept = 'none';
  }
}
