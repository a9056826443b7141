import type { SecretStorage } from '../../shared/contract';

/** Where the signing secret is kept between runs. The desktop passes one backed by safeStorage. */
export interface SecretStore {
  /** How the secret is protected at rest, shown in the UI. */
  readonly storage: Exclude<SecretStorage, 'none' | 'memory'>;
  load(): string | null;
  save(secret: string | null): void;
}
