import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { safeStorage } from 'electron';
import type { SecretStore } from '../core/secret-store';

interface StoredSecret {
  /** How `data` (base64) is protected: encrypted by safeStorage, or plain because no encryption was available. */
  format: 'safe_storage' | 'plain';
  data: string;
}

/** Call after app `ready`: safeStorage knows its backend only then. */
export function createSafeStorageSecretStore(filePath: string): SecretStore {
  const encrypts = safeStorage.isEncryptionAvailable();
  // On Linux without a keychain, safeStorage "encrypts" with a hard-coded key: say so rather than claim protection.
  const basicText = !encrypts || safeStorage.getSelectedStorageBackend?.() === 'basic_text';

  return {
    storage: basicText ? 'basic_text' : 'safe_storage',
    load() {
      if (!existsSync(filePath)) return null;
      try {
        const stored = JSON.parse(readFileSync(filePath, 'utf8')) as StoredSecret;
        const bytes = Buffer.from(stored.data, 'base64');
        return stored.format === 'safe_storage' ? safeStorage.decryptString(bytes) : bytes.toString('utf8');
      } catch {
        // Unreadable (e.g. the keychain changed): behave as unset, so the user is asked again instead of the app failing.
        return null;
      }
    },
    save(secret) {
      if (secret === null) {
        rmSync(filePath, { force: true });
        return;
      }
      const stored: StoredSecret = encrypts
        ? { format: 'safe_storage', data: safeStorage.encryptString(secret).toString('base64') }
        : { format: 'plain', data: Buffer.from(secret, 'utf8').toString('base64') };
      const temporary = `${filePath}.tmp`;
      writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, filePath);
    },
  };
}
