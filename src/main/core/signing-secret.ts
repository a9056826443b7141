import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStorage } from '../../shared/contract';
import type { SecretStore } from './secret-store';

/** Headless default: the secret in a 0600 file in the data dir. */
export function fileSecretStore(dataDir: string): SecretStore {
  const file = join(dataDir, 'signing-secret');
  return {
    storage: 'file',
    load: () => (existsSync(file) ? readFileSync(file, 'utf8') : null),
    save: (secret) => {
      if (secret === null) rmSync(file, { force: true });
      else writeFileSync(file, secret, { mode: 0o600 });
    },
  };
}

/** The signing secret in force, and where it is kept. Never logged, never sent to the UI. */
export class SigningSecret {
  private value: string | null;
  private kept: SecretStorage;

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
    return this.value;
  }

  get status(): { set: boolean; storage: SecretStorage } {
    return { set: this.value !== null, storage: this.kept };
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
