import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SimAccount } from './model';

const AccountFile = z.object({ apiToken: z.string().min(1), signingSecret: z.string().min(1).nullable() });

const accountFile = (dataDir: string) => join(dataDir, 'simulator-account.json');

/**
 * The embedded simulator's own signing secret as its data dir keeps it, or null (no account there, or no secret made
 * yet): read only, nothing created. For a program on the same data dir, such as the MCP server, that must verify and
 * sign as the inspector does when the simulator's secret is the one in force.
 */
export function storedSimulatorSecret(dataDir: string): string | null {
  try {
    const parsed = AccountFile.safeParse(JSON.parse(readFileSync(accountFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data.signingSecret : null;
  } catch {
    return null;
  }
}

/** The embedded simulator's account, kept in the data dir (0600) so its token and secret outlive restarts. */
export function loadSimulatorAccount(dataDir: string): SimAccount {
  const file = accountFile(dataDir);
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
