import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnProgram, type ServeProcess } from '../support/cli-process';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

const root = resolve(__dirname, '../..');
const resources = join(root, 'packages', 'relay', 'resources');
const unitFile = join(resources, 'webhook-inspector-relay.service');
const environmentExample = join(resources, 'relay.env.example');
/** Where docs/relay.md has the operator install the relay's package. */
const installedAt = '/opt/webhook-inspector-relay';
const installedBin = `${installedAt}/node_modules/.bin/webhook-inspector-relay`;
const installedResources = `${installedAt}/node_modules/webhook-inspector-relay/resources`;
/** What that bin runs, as `npm run build` leaves it in this clone. */
const builtBin = join(root, 'packages', 'relay', 'dist', 'bin.js');

/** A unit file's settings, by section; a key given more than once keeps every value (as systemd adds them up). */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n')) {
    if (/^\s*([#;]|$)/.test(line)) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else {
      const key = `${section}.${line.slice(0, line.indexOf('=')).trim()}`;
      settings.set(key, [...(settings.get(key) ?? []), line.slice(line.indexOf('=') + 1).trim()]);
    }
  }
  return settings;
}

/** An environment file's assignments (comments aside). */
function environmentFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => !/^\s*(#|$)/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const unit = unitSettings(readFileSync(unitFile, 'utf8'));
const service = (key: string) => unit.get(`Service.${key}`);

// systemd-analyze comes with Debian's systemd, which .ci/run installs where it is missing.
function systemdAnalyze(args: string[]): { status: number | null; output: string } {
  const result = spawnSync('systemd-analyze', args, { encoding: 'utf8' });
  if (result.error) throw new Error('systemd-analyze is missing: apt-get install systemd');
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let cluster: TestPostgres | undefined;
let relay: ServeProcess | undefined;

afterAll(async () => {
  relay?.child.kill('SIGKILL');
  await relay?.exited;
  await cluster?.stop();
});

describe("the relay's systemd unit", () => {
  it('runs as a user of its own, with its database URL from an environment file and never on its command line', () => {
    expect(service('User')).toEqual(['webhook-inspector-relay']);
    expect(service('Group')).toEqual(['webhook-inspector-relay']);
    expect(service('EnvironmentFile')).toEqual(['/etc/webhook-inspector/relay.env']);
    expect(service('ExecStart')).toEqual([`${installedBin} $WEBHOOK_INSPECTOR_RELAY_OPTIONS`]);
    expect(service('Restart')).toEqual(['on-failure']);
    const example = environmentFile(readFileSync(environmentExample, 'utf8'));
    expect(example.WEBHOOK_INSPECTOR_RELAY_STORE).toMatch(/^postgresql:\/\//);
    expect(example.WEBHOOK_INSPECTOR_RELAY_OPTIONS).not.toMatch(/postgresql:|--store/);
  });

  it('is sandboxed: no privileges, the file system read-only, no home, its own /tmp, only IP and Unix sockets', () => {
    expect(Object.fromEntries(['NoNewPrivileges', 'ProtectSystem', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'RestrictAddressFamilies'].map((k) => [k, service(k)]))).toEqual({
      NoNewPrivileges: ['yes'],
      ProtectSystem: ['strict'],
      ProtectHome: ['yes'],
      PrivateTmp: ['yes'],
      PrivateDevices: ['yes'],
      RestrictAddressFamilies: ['AF_INET AF_INET6 AF_UNIX'],
    });
    // It listens above 1024 (behind a proxy) and writes nothing but its log: no capability, no writable path.
    expect(service('CapabilityBoundingSet')).toEqual(['']);
    expect(service('AmbientCapabilities')).toEqual(['']);
    expect(service('ReadWritePaths')).toBeUndefined();
  });

  it('docs/relay.md installs it where and as the unit expects', () => {
    const page = readFileSync(join(root, 'docs', 'relay.md'), 'utf8');
    const user = service('User')![0]!;
    const settings = service('EnvironmentFile')![0]!;
    expect(page).toContain(`npm install --prefix ${installedAt} ./webhook-inspector-relay-<version>.tgz`);
    expect(page).toContain(`useradd --system --no-create-home --shell /usr/sbin/nologin ${user}`);
    expect(page).toContain(`install -m 0600 -o root -g root ${installedResources}/relay.env.example ${settings}`);
    expect(page).toContain(`install -m 0644 ${installedResources}/webhook-inspector-relay.service /etc/systemd/system/`);
    expect(page).toContain('systemctl enable --now webhook-inspector-relay');
    expect(page).toContain('journalctl -u webhook-inspector-relay');
  });

  it('passes systemd-analyze verify, and its offline security review rates its exposure low', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-unit-'));
    try {
      const copy = join(dir, 'webhook-inspector-relay.service');
      // verify checks that ExecStart's program exists: the one this clone built stands in for the installed one.
      writeFileSync(copy, readFileSync(unitFile, 'utf8').replace(installedBin, builtBin));
      expect(systemdAnalyze(['verify', '--man=no', copy])).toEqual({ status: 0, output: '' });
      // Its scale is 0-100, printed divided by ten: 20 is "2.0", well within "OK" (MEDIUM starts at 5.0).
      const review = systemdAnalyze(['security', '--offline=yes', '--threshold=20', copy]);
      expect(review.status, review.output).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('its ExecStart, with the example environment, starts a relay that answers /healthz', { timeout: 60_000 }, async () => {
    cluster = await startTestPostgres();
    const [program, options] = service('ExecStart')![0]!.split(' ');
    expect([program, options]).toEqual([installedBin, '$WEBHOOK_INSPECTOR_RELAY_OPTIONS']);
    const example = environmentFile(readFileSync(environmentExample, 'utf8'));
    // As systemd expands an unbraced $VAR: split at whitespace. Port 0 in place of the example's, which may be taken here.
    const args = example.WEBHOOK_INSPECTOR_RELAY_OPTIONS!.split(/\s+/).map((arg, i, all) => (all[i - 1] === '--http-port' ? '0' : arg));
    const env = { ...process.env, ...example, WEBHOOK_INSPECTOR_RELAY_STORE: cluster.url };
    relay = await spawnProgram(builtBin, args, 'Relay (HTTP)', env);
    const health = await fetch(`${relay.lines['Relay (HTTP)']}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
    expect(readFileSync(`/proc/${relay.child.pid}/cmdline`, 'utf8')).not.toContain('postgresql:');
  });
});
