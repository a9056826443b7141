import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CoreOptions, Core } from '../../src/main/core/core-options';
import { startCore } from '../../src/main/core/start-core';
import type { CallName, CallInput, CallOutput } from '../../src/shared/contract';
import { tempDataDir } from './temp-dir';

export interface TestCore {
  core: Core;
  dataDir: string;
  token: string;
  receiverUrl: string;
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  stop(): Promise<void>;
}

// The browser tests import it from temp-dir.ts, which loads none of the core.
export { tempDataDir } from './temp-dir';

/** The store's writer thread as built (`npm run build`): the core runs from its sources here, the thread cannot. */
export const builtWriterThread = resolve(__dirname, '../../out/main/store-writer.js');

/** The PostgreSQL store's writer thread as built, likewise. */
export const builtPostgresWriter = resolve(__dirname, '../../out/main/postgres-writer.js');

function built(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

/** A real core on ephemeral ports with a real SQLite file in a fresh temp dir; no simulator unless asked. */
export async function startTestCore(options: Partial<CoreOptions> = {}): Promise<TestCore> {
  const dataDir = options.dataDir ?? tempDataDir();
  const core = await startCore({
    httpsPort: 0,
    uiPort: 0,
    simulator: false,
    writerThreadFile: built(builtWriterThread),
    postgresWriterFile: built(builtPostgresWriter),
    ...options,
    dataDir,
  });
  const token = new URL(core.urls.ui).searchParams.get('token')!;
  return {
    core,
    dataDir,
    token,
    receiverUrl: core.urls.receiverHttps!,
    async call(name, input) {
      const res = await fetch(`${core.urls.uiOrigin}/rpc/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body: unknown = await res.json();
      if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      return body as CallOutput<typeof name>;
    },
    async stop() {
      await core.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
