import { rmSync } from 'node:fs';
import { spawnServe, type ServeProcess } from './cli-process';
import { testSecret } from './deliveries';
import { startTestPostgres, type TestPostgres } from './postgres';
import { createTeamUser } from './team-server';
import { tempDataDir } from './temp-dir';

/** A team server as a browser test opens it: its own PostgreSQL, its users' tokens, `serve --team` on free ports. */
export interface BrowserTeam {
  cluster: TestPostgres;
  team: ServeProcess;
  dataDir: string;
  /** Each user's token, by name. */
  tokens: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts one: `users` by name and role, created at the command line; `serveArgs` added to `serve`'s own. */
export async function startBrowserTeam(users: Record<string, string>, serveArgs: string[] = []): Promise<BrowserTeam> {
  const cluster = await startTestPostgres();
  const tokens: Record<string, string> = {};
  for (const [name, role] of Object.entries(users)) tokens[name] = await createTeamUser(cluster.url, name, role);
  const dataDir = tempDataDir();
  const team = await spawnServe([
    '--data-dir', dataDir, '--store', cluster.url, '--team', ...serveArgs,
    '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret,
  ]);
  return {
    cluster,
    team,
    dataDir,
    tokens,
    async stop() {
      team.child.kill('SIGTERM');
      await team.exited;
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
