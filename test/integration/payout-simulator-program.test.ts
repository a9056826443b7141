import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { tempDataDir } from '../support/core-fixture';
import { until } from '../support/until';

/**
 * payout-simulator as its own program: its package built (`npm run build -w payout-simulator`), then its bin run
 * from dist/ with nothing of the app, against a receiver of this test's own.
 */
const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const bin = join(root, 'packages/payout-simulator/dist/cli.js');

interface Arrival {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let dataDir: string;
let receiver: Server;
let receiverUrl: string;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  await run('npm', ['run', 'build', '-w', 'payout-simulator'], { cwd: root });
  dataDir = tempDataDir();
  const certificate = await loadOrCreateCertificate(dataDir);
  receiver = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
}, 120_000);

afterAll(async () => {
  await new Promise((closed) => receiver?.close(closed));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the built bin and waits for the lines it prints on start. */
async function startProgram(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcessWithoutNullStreams; lines: Record<string, string>; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: 'pipe', env: { ...process.env, ...env } });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const lines: Record<string, string> = {};
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const match of buffer.matchAll(/^([^:\n]+):\s+(.*)$/gm)) lines[match[1]!] = match[2]!;
      if (lines.Seed) ready();
    });
    void exited.then((code) => fail(new Error(`payout-simulator exited (${code}) before starting: ${stderr}`)));
  });
  return { child, lines, exited };
}

describe('payout-simulator, the package’s own program', () => {
  it('--help: its options, named as the program, exit 0', async () => {
    const { stdout, stderr } = await run(process.execPath, [bin, '--help']);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage:\n {2}payout-simulator \[--port N\] \[--token T\] \[--seed S\] \[--time-scale X\]/);
    for (const option of ['--port', '--token', '--seed', '--time-scale', '--help']) expect(stdout).toContain(option);
    const mistake = await run(process.execPath, [bin, '--nope']).then(() => null, (error: { code: number; stderr: string }) => error);
    expect(mistake?.code).toBe(1);
    expect(mistake?.stderr).toBe("payout-simulator: Unknown option '--nope'. See 'payout-simulator --help'.\n");
  });

  it('serves its API with the token and sends a created order’s webhooks to its callback URL, signed with the account’s secret', async () => {
    // The receiver's self-signed certificate is trusted the way an operator trusts a private CA: NODE_EXTRA_CA_CERTS.
    const { child, lines, exited } = await startProgram(['--port', '0', '--token', 'T', '--seed', '42', '--time-scale', '600'], {
      NODE_EXTRA_CA_CERTS: join(dataDir, 'tls', 'receiver-cert.pem'),
    });
    try {
      expect(lines['API token']).toBe('(as given with --token)');
      expect(lines.Seed).toBe('42');
      const api = lines['Simulator API']!;
      const call = (path: string, init: RequestInit = {}) => fetch(`${api}${path}`, { ...init, headers: { 'X-Api-Token': 'T', 'Content-Type': 'application/json' } });
      expect((await fetch(`${api}/api/orders`)).status).toBe(401);
      const { webhooks } = (await (await call('/api/webhooks')).json()) as { webhooks: Array<{ signature: string }> };
      const secret = webhooks[0]!.signature;

      const campaigns = (await (await call('/api/campaigns?limit=20')).json()) as Array<{ uuid: string; status: string; payout_type: string; wallet_currency: string }>;
      const campaign = campaigns.find((c) => c.status === 'active' && c.payout_type === 'crypto')!;
      const created = await call('/api/payout-orders', {
        method: 'POST',
        body: JSON.stringify({
          campaign_id: campaign.uuid,
          wallet_currency: campaign.wallet_currency,
          callback_url: receiverUrl,
          recipients: [{ email: 'ada@example.com', name: 'Ada', amount: '12.50', scenario: 'crypto_same_currency_completed' }],
        }),
      });
      expect(created.status).toBe(201);
      const order = (await created.json()) as { uuid: string };

      const ofOrder = () => arrivals.filter((a) => a.body.toString().includes(order.uuid));
      const terminal = await until(
        async () => ofOrder(),
        (seen) => seen.some((a) => a.headers['x-service-event'] === 'payout.terminal_state'),
      );
      expect(terminal.some((a) => a.headers['x-service-event'] === 'payout.terminal_state')).toBe(true);
      for (const arrival of terminal) {
        const expected = `sha256=${createHmac('sha256', secret).update(arrival.body).digest('hex')}`;
        expect(arrival.headers['x-service-signature']).toBe(expected);
        expect(arrival.headers['user-agent']).toBe('Service-Webhooks/1.0');
      }
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
