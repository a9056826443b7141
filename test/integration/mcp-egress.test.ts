import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayRecord } from '../../src/shared/replay';
import type { AuditEntry, AuditPage } from '../../src/shared/team';
import { builtCli, spawnServe, type ServeProcess } from '../support/cli-process';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { withTestPostgres } from '../support/postgres-per-suite';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

/**
 * Issue 39, finding 2: `mcp --allow-send` sent anywhere, re-signed with the real secret, and on a team's store reached
 * what the team server refuses, with no `sentBy` and no audit entry. An agent now sends to loopback, further only
 * where `--allow-target` allows; on a team's store the store's saved egress rules apply, and each send is recorded as
 * `mcp (<os user>)` in the replays and the audit log. The refused targets below never connect: each is refused before
 * a connection is opened (a refusal is the policy's message, never a connection error or a timeout).
 */

const agent = `mcp (${userInfo().username})`;

/** Targets an agent must not reach by default: a unique-local IPv6, the cloud metadata address, a public host. */
const uniqueLocal = 'http://[fd00::1]:9/webhooks';
const metadata = 'http://169.254.169.254:9/latest/meta-data/';
const publicHost = 'http://8.8.8.8:9/webhooks';

interface ToolResult {
  isError?: boolean;
  content: unknown;
}

function textOf(result: ToolResult): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

function dataOf(result: ToolResult): Record<string, unknown> {
  if (result.isError) throw new Error(textOf(result));
  return (JSON.parse(textOf(result)) as { data: Record<string, unknown> }).data;
}

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp', ...args], stderr: 'pipe' });
  const client = new Client({ name: 'webhook-inspector-egress-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const replay = (client: Client, id: number, url: string) =>
  client.callTool({ name: 'replay_delivery', arguments: { id, url, resign: true } }, undefined, { timeout: 60_000 }) as Promise<ToolResult>;
const check = (client: Client, url: string) =>
  client.callTool({ name: 'run_handler_check', arguments: { url, only: ['rejects-forgeries'] } }, undefined, { timeout: 120_000 }) as Promise<ToolResult>;

const refusedFirst = /^refused before connecting: /;
const agentRule = /An agent sends to loopback only \(your handler on localhost\), and further only where the person who starts `webhook-inspector mcp` allows with --allow-target PATTERN; the agent cannot change that\./;
const teamRule = /This is a team's store: .* unless an admin of the team allows them in Settings → Egress/;

/** The tool's refusal, checked to be the egress rule's (never a connection error or a timeout). */
function refusalOf(result: ToolResult): string {
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  expect(textOf(result)).toMatch(refusedFirst);
  return textOf(result);
}

describe('mcp --allow-send on a data dir (SQLite): loopback, further only with --allow-target', () => {
  let core: TestCore;
  let sink: ReplayTarget;
  let secretFile: string;
  let id: number;

  beforeAll(async () => {
    core = await startTestCore({ secret: testSecret });
    sink = await startTarget();
    secretFile = join(core.dataDir, 'agent-secret.txt');
    writeFileSync(secretFile, testSecret);
    const body = giftCardBody();
    expect((await post(`${core.receiverUrl}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    id = (await until(() => core.call('deliveries.list', {}), (page) => page.items.length === 1)).items[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await sink?.close();
    await core?.stop();
  });

  it('sends to the handler on 127.0.0.1, refuses every other target before connecting, and records each refusal', async () => {
    const client = await connect(['--data-dir', core.dataDir, '--allow-send', '--secret-file', secretFile]);
    try {
      expect(dataOf(await replay(client, id, `${sink.url}/webhooks`))).toMatchObject({ response: { status: 200 }, error: null });
      expect(sink.requests).toHaveLength(1);

      // 0.0.0.0 at the sink's port would reach the sink (it connects to this host): refused, the sink sees nothing.
      const thisHostAny = `http://0.0.0.0:${new URL(sink.url).port}/webhooks`;
      for (const url of [uniqueLocal, metadata, publicHost, thisHostAny]) expect(refusalOf(await replay(client, id, url))).toMatch(agentRule);
      const checked = refusalOf(await check(client, metadata));
      expect(checked).toMatch(agentRule);
      expect(checked).toContain('169.254.169.254 is a link-local address');
      expect(checked).not.toMatch(teamRule);
      expect(sink.requests).toHaveLength(1);

      // Each refused replay is recorded with its reason; none got an answer.
      const { items } = await core.call('replay.list', { deliveryId: id });
      const refusedRecords = items.filter((record: ReplayRecord) => record.url !== `${sink.url}/webhooks`);
      expect(refusedRecords).toHaveLength(4);
      for (const record of refusedRecords) expect(record).toMatchObject({ response: null, error: expect.stringMatching(agentRule) });
    } finally {
      await client.close();
    }
  }, 120_000);

  it('sends further where --allow-target allows, and only there', async () => {
    const client = await connect(['--data-dir', core.dataDir, '--allow-send', '--secret-file', secretFile, '--allow-target', '0.0.0.0']);
    try {
      const before = sink.requests.length;
      const thisHostAny = `http://0.0.0.0:${new URL(sink.url).port}/allowed`;
      expect(dataOf(await replay(client, id, thisHostAny))).toMatchObject({ response: { status: 200 }, error: null });
      expect(sink.requests.slice(before).map((request) => request.url)).toEqual(['/allowed']);
      expect(refusalOf(await replay(client, id, metadata))).toMatch(agentRule);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('stops at the start with the reason when an --allow-target is not a rule', async () => {
    const run = promisify(execFile)(process.execPath, [builtCli, 'mcp', '--data-dir', core.dataDir, '--allow-send', '--allow-target', 'http://x/path']);
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('"http://x/path" is not an allowed target') });
  });
});

describe("mcp --allow-send on a team's store (PostgreSQL): the saved egress rules, sentBy and the audit log", () => {
  const postgres = withTestPostgres();
  const { dataDirs, running } = cleanedUpAfterAll();
  let team: ServeProcess;
  let origin: string;
  let admin: string;
  let sink: ReplayTarget;
  let secretFile: string;
  let id: number;

  beforeAll(async () => {
    admin = await createTeamUser(postgres.cluster.url, 'ada', 'admin');
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    // No --allow-target: the team's rules are its defaults, and what an admin saves in Settings → Egress.
    team = await spawnServe(['--data-dir', dataDir, '--store', postgres.cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
    running.add(team);
    origin = team.lines['UI listens on']!;
    sink = await startTarget();
    secretFile = join(dataDir, 'agent-secret.txt');
    writeFileSync(secretFile, testSecret);
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const list = await until(
      async () => JSON.parse((await callAs(origin, admin, 'deliveries.list')).body) as { items: Array<{ id: number }> },
      (page) => page.items.length === 1,
    );
    id = list.items[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await sink?.close();
  });

  async function auditByAgent(): Promise<AuditEntry[]> {
    const answer = await callAs(origin, admin, 'audit.list', { limit: 500 });
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as AuditPage).items.filter((entry) => entry.actor === agent).reverse();
  }

  it("refuses what the team server refuses until an admin saves a rule, whatever the agent's own --allow-target, and records every send", async () => {
    const sinkUrl = `${sink.url}/webhooks`;
    const plain = await connect(['--store', postgres.cluster.url, '--allow-send', '--secret-file', secretFile]);
    try {
      // Loopback is the agent's default, and a team's store refuses it as the team server does.
      const toSink = refusalOf(await replay(plain, id, sinkUrl));
      expect(toSink).toMatch(teamRule);
      expect(toSink).not.toMatch(agentRule);
      expect(toSink).toContain('127.0.0.1 is a loopback address');
      // Refused by both rules: the message names both, and who can change each.
      for (const url of [uniqueLocal, metadata]) {
        const both = refusalOf(await replay(plain, id, url));
        expect(both).toMatch(agentRule);
        expect(both).toMatch(teamRule);
      }
      // A public host passes the team's rules, and is still not where this agent was told it may send.
      const toPublic = refusalOf(await replay(plain, id, publicHost));
      expect(toPublic).toMatch(agentRule);
      expect(toPublic).not.toMatch(teamRule);
      expect(refusalOf(await check(plain, sinkUrl))).toMatch(teamRule);
      expect(sink.requests).toHaveLength(0);
    } finally {
      await plain.close();
    }

    // The agent's own --allow-target reaches no further than the team's rules: fd00::/8 and the metadata address stay refused.
    const client = await connect(['--store', postgres.cluster.url, '--allow-send', '--secret-file', secretFile, '--allow-target', 'fd00::/8', '--allow-target', '169.254.169.254']);
    try {
      for (const url of [uniqueLocal, metadata]) {
        const refused = refusalOf(await replay(client, id, url));
        expect(refused).toMatch(teamRule);
        expect(refused).not.toMatch(agentRule);
      }
      expect(sink.requests).toHaveLength(0);

      // An admin allows the handler's address in Settings → Egress: the running agent applies it at its next send.
      const saved = await callAs(origin, admin, 'egress.set', { rules: ['127.0.0.1'] });
      expect(saved.status, saved.body).toBe(200);
      await until(
        async () => (await postgres.pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'egressRules'")).rows[0]?.value ?? null,
        (value) => value === JSON.stringify(['127.0.0.1']),
      );
      expect(dataOf(await replay(client, id, sinkUrl))).toMatchObject({ response: { status: 200 }, error: null, sentBy: agent });
      expect(dataOf(await check(client, sinkUrl))).toMatchObject({ counts: expect.any(Object) });
      expect(sink.requests.length).toBeGreaterThan(1);
      expect(refusalOf(await replay(client, id, metadata))).toMatch(teamRule);
    } finally {
      await client.close();
    }

    // The team sees who sent each replay, refused ones included, in the replay history…
    const history = JSON.parse((await callAs(origin, admin, 'replay.list', { deliveryId: id })).body) as { items: ReplayRecord[] };
    expect(history.items).toHaveLength(8);
    for (const record of history.items) expect(record.sentBy).toBe(agent);
    expect(history.items.filter((record) => record.error === null).map((record) => record.url)).toEqual([sinkUrl]);

    // …and in the audit log: each replay and check run, with its target and outcome.
    const entries = await auditByAgent();
    expect(entries.map((entry) => [entry.action, entry.target, entry.status])).toEqual([
      ['replay.send', sinkUrl, 403],
      ['replay.send', uniqueLocal, 403],
      ['replay.send', metadata, 403],
      ['replay.send', publicHost, 403],
      ['check.start', sinkUrl, 403],
      ['replay.send', uniqueLocal, 403],
      ['replay.send', metadata, 403],
      ['replay.send', sinkUrl, 200],
      ['check.start', sinkUrl, 200],
      ['replay.send', metadata, 403],
    ]);
    expect(entries[0]).toMatchObject({ details: { deliveryId: id, url: sinkUrl, resign: true }, outcome: expect.stringMatching(teamRule) });
    expect(entries[7]).toMatchObject({ outcome: 'ok' });
    expect(entries[8]).toMatchObject({ outcome: 'ok', details: { url: sinkUrl, counts: expect.any(Object) } });
    expect(JSON.stringify(entries)).not.toContain(testSecret);
  }, 240_000);
});
