import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { builtCli, spawnCommand, type ServeProcess } from '../support/cli-process';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { withTestPostgres } from '../support/postgres-per-suite';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { numberedBody } from '../support/signed-load';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const { dataDirs, running } = cleanedUpAfterAll();
const postgres = withTestPostgres();
let certFiles: { cert: string; key: string; fingerprint: string };

beforeAll(async () => {
  const dir = tempDataDir();
  dataDirs.push(dir);
  const certificate = await loadOrCreateCertificate(dir);
  writeFileSync(join(dir, 'relay.crt'), certificate.cert);
  writeFileSync(join(dir, 'relay.key'), certificate.key);
  certFiles = { cert: join(dir, 'relay.crt'), key: join(dir, 'relay.key'), fingerprint: certificate.fingerprint };
}, 60_000);

afterAll(async () => {
  for (const process of running) process.child.kill('SIGKILL');
  await Promise.all([...running].map((p) => p.exited));
  running.clear();
});

function runRelayCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [builtCli, 'relay', ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The line a command printed after `label: `. */
function printed(stdout: string, label: string): string {
  const line = stdout.split('\n').find((l) => l.startsWith(`${label}: `));
  expect(line, `${label} in\n${stdout}`).toBeDefined();
  return line!.slice(label.length + 2);
}

describe('relay channel create prints how to connect the app', () => {
  test('the token in the environment and, for a self-signed relay, its fingerprint: the printed command connects as printed', { timeout: 90_000 }, async () => {
    const store = await postgres.cluster.createDatabase('connect_printed');
    const env = { ...process.env, WEBHOOK_INSPECTOR_RELAY_STORE: store };
    const relay = await spawnCommand('relay', ['--port', '0', '--cert', certFiles.cert, '--key', certFiles.key], 'Relay (HTTPS)', env);
    running.add(relay);
    const relayUrl = relay.lines['Relay (HTTPS)']!;

    // The public URL is read as a laptop reads it: self-signed, so its fingerprint is printed and pinned.
    const created = await runRelayCli(['channel', 'create', 'team', '--public-url', relayUrl], env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const token = printed(created.stdout, 'Pull token (shown once, stored only as a hash)');
    expect(printed(created.stdout, 'Relay certificate SHA-256 (self-signed: the app pins it)')).toBe(certFiles.fingerprint);
    const connect = printed(created.stdout, 'Connect the app');
    expect(connect).toBe(
      `WEBHOOK_INSPECTOR_RELAY_TOKEN=${token} webhook-inspector serve --relay ${relayUrl} --relay-fingerprint ${certFiles.fingerprint}`,
    );
    expect(created.stdout).not.toContain('--relay-token');

    // Run what it printed (in a data dir of the test's own): it connects and pulls.
    const [assignment, , , ...serveArgs] = connect.split(' ');
    const [variable, value] = [assignment!.slice(0, assignment!.indexOf('=')), assignment!.slice(assignment!.indexOf('=') + 1)];
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const laptop: ServeProcess = await spawnCommand(
      'serve',
      [...serveArgs, '--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret],
      'UI',
      { ...process.env, [variable]: value },
    );
    running.add(laptop);
    const body = numberedBody(1);
    expect((await post(`${relayUrl}/c/team/hooks`, body, serviceHeaders(body))).status).toBe(200);
    const ui = new URL(laptop.lines.UI!);
    const status = () =>
      fetch(new URL('rpc/status.get', ui), {
        method: 'POST',
        headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
        body: '{}',
      }).then((answer) => answer.json() as Promise<{ deliveryCount: number; sources: Array<{ state: string }> }>);
    const pulled = await until(status, (s) => s.deliveryCount === 1 && s.sources[0]?.state === 'connected', 30_000);
    expect(pulled).toMatchObject({ deliveryCount: 1, sources: [{ state: 'connected' }] });

    // rotate prints the same, from the relay's certificate file this time.
    const rotated = await runRelayCli(['channel', 'rotate', 'team', '--cert', certFiles.cert], env);
    expect(rotated.code).toBe(0);
    const newToken = printed(rotated.stdout, 'Pull token (shown once, stored only as a hash)');
    expect(printed(rotated.stdout, 'Connect the app')).toBe(
      `WEBHOOK_INSPECTOR_RELAY_TOKEN=${newToken} webhook-inspector serve --relay https://<your relay host> --relay-fingerprint ${certFiles.fingerprint}`,
    );
  });

  test('a relay behind plain HTTP (its proxy terminates TLS) gets no fingerprint; an unreachable https one gets a note saying how to add it', async () => {
    const store = await postgres.cluster.createDatabase('connect_plain');
    const env = { ...process.env, WEBHOOK_INSPECTOR_RELAY_STORE: store };
    const plain = await runRelayCli(['channel', 'create', 'plain', '--public-url', 'http://relay.internal:8080'], env);
    expect(plain.code).toBe(0);
    const token = printed(plain.stdout, 'Pull token (shown once, stored only as a hash)');
    expect(printed(plain.stdout, 'Connect the app')).toBe(`WEBHOOK_INSPECTOR_RELAY_TOKEN=${token} webhook-inspector serve --relay http://relay.internal:8080`);
    expect(plain.stdout).not.toContain('SHA-256');

    // Nothing listens there: the token is still printed, with a note on the fingerprint.
    const unreachable = await runRelayCli(['channel', 'create', 'away', '--public-url', 'https://127.0.0.1:9'], env);
    expect(unreachable.code).toBe(0);
    expect(printed(unreachable.stdout, 'Note')).toMatch(/^could not read the certificate at https:\/\/127\.0\.0\.1:9 \(.*ECONNREFUSED.*\); .*--relay-fingerprint/);

    const bad = await runRelayCli(['channel', 'create', 'bad', '--public-url', 'relay.example.com'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--public-url must be an https://');
  });
});
