import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SimAccount } from './model';

const AccountFile = z.object({ apiToken: z.string().min(1), signingSecret: z.string().min(1).nullable() });

/** The embedded simulator's account, kept in the data dir (0600) so its token and secret outlive restarts. */
export function loadSimulatorAccount(dataDir: string): SimAccount {
  const file = join(dataDir, 'simulator-account.json');
  const save = (value: z.infer<typeof AccountFile>) => writeFileSync(file, JSON.stringify(value), { mode: 0o600 });
  let stored: z.infer<typeof AccountFile> | null = null;
  if (existsSync(file)) {
    try {
      const parsed = AccountFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) stored = parsed.data;
    } catch {
      // An unreadable file gets a new account, as on a first start.
    }
  }
  if (!stored) {
    stored = { apiToken: randomBytes(24).toString('base64url'), signingSecret: null };
    save(stored);
  }
  const { apiToken } = stored;
  return new SimAccount(apiToken, stored.signingSecret, (signingSecret) => save({ apiToken, signingSecret }));
}
