import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../src/shared/team';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { withTestPostgres } from '../support/postgres-per-suite';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser, eventTicket, raw } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const { dataDirs, running } = cleanedUpAfterAll();

/**
 * What viewers see on a team server (issue 39, finding 7): the server's paths, its database's location and the
 * simulator's credentials are the admins'; a URL a user typed keeps its credentials for its sender and admins only.
 */
describe('what each role of a team server reads', () => {
  const postgres = withTestPostgres();
  let target: ReplayTarget;
  let team: ServeProcess;
  let origin: string;
  let dataDir: string;
  let deliveryId: number;
  const token: Record<'ada' | 'max' | 'mona' | 'vera', string> = { ada: '', max: '', mona: '', vera: '' };

  const json = async (who: keyof typeof token, name: string, input: unknown = {}) => {
    const answer = await callAs(origin, token[who], name, input);
    return { status: answer.status, body: answer.body, value: JSON.parse(answer.body) as Record<string, unknown> };
  };

  beforeAll(async () => {
    target = await startTarget();
    token.ada = await createTeamUser(postgres.cluster.url, 'ada', 'admin');
    token.max = await createTeamUser(postgres.cluster.url, 'max', 'member');
    token.mona = await createTeamUser(postgres.cluster.url, 'mona', 'member');
    token.vera = await createTeamUser(postgres.cluster.url, 'vera', 'viewer');
    dataDir = tempDataDir();
    dataDirs.push(dataDir);
    // The embedded simulator runs (its credentials are what simulator.state must keep from viewers).
    team = await spawnServe(['--data-dir', dataDir, '--store', postgres.cluster.url, '--team', '--port', '0', '--ui-port', '0', '--secret', testSecret, '--allow-target', '127.0.0.1']);
    running.add(team);
    origin = team.lines['UI listens on']!;
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const list = await until(
      async () => (await json('vera', 'deliveries.list')).value as { items: Array<{ id: number }> },
      (page) => page.items.length > 0,
    );
    deliveryId = list.items[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  it('status.get: the data dir and the database location for admins only', async () => {
    const database = new URL(postgres.cluster.url);
    const admin = await json('ada', 'status.get');
    expect(admin.value.dataDir).toBe(dataDir);
    expect((admin.value.store as { location: string }).location).toContain(`${database.hostname}:${database.port}`);
    for (const who of ['max', 'vera'] as const) {
      const answer = await json(who, 'status.get');
      expect(answer.status).toBe(200);
      expect(answer.value.dataDir).toBeNull();
      expect(answer.value.store).toEqual({ engine: 'postgresql', location: null });
      expect(answer.body).not.toContain(dataDir);
      expect(answer.body).not.toContain(`${database.hostname}:${database.port}`);
      expect(answer.body).not.toContain(`${database.username}@`);
    }
  });

  it("status.changed on a viewer's stream: no data dir or database location either", async () => {
    const ticket = JSON.parse((await eventTicket(origin, token.vera)).body) as { ticket: string };
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const published = new Promise<string>((resolve, reject) => {
      const req = request(`${origin}/events?ticket=${ticket.ticket}`, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          opened();
          text += chunk.toString();
          const match = /event: status\.changed\ndata: (.*)\n/.exec(text);
          if (match) {
            resolve(match[1]!);
            res.destroy();
          }
        });
        res.on('error', () => {});
      });
      req.on('error', reject);
      req.end();
    });
    await open;
    // An admin's change publishes the status to every stream, each as its caller may read it.
    expect((await json('ada', 'settings.setPolicy', { status: 200 })).status).toBe(200);
    const data = await published;
    const status = JSON.parse(data) as { dataDir: unknown; store: unknown };
    expect(status.dataDir).toBeNull();
    expect(status.store).toEqual({ engine: 'postgresql', location: null });
    expect(data).not.toContain(dataDir);
  });

  it("simulator.state: the simulator's API token and signing secret for admins only", async () => {
    const admin = (await json('ada', 'simulator.state')).value as { running: boolean; credentials: { apiToken: string; signingSecret: string | null } };
    expect(admin.running).toBe(true);
    expect(admin.credentials.apiToken.length).toBeGreaterThan(8);
    for (const who of ['max', 'vera'] as const) {
      const answer = await json(who, 'simulator.state');
      expect(answer.value.running).toBe(true);
      expect(answer.value.credentials).toBeNull();
      expect(answer.body).not.toContain(admin.credentials.apiToken);
      if (admin.credentials.signingSecret !== null) expect(answer.body).not.toContain(admin.credentials.signingSecret);
    }
  });

  it("a replay's URL: whole for its sender and admins, its credentials redacted for everyone else", async () => {
    const url = `${target.url.replace('http://', 'http://hookuser:pa55word@')}/hook?access_token=tok123&page=2`;
    const sent = await json('max', 'replay.send', { deliveryId, url });
    expect(sent.status, sent.body).toBe(200);
    expect(sent.body).toContain('pa55word');
    const urlsAs = async (who: keyof typeof token) => {
      const answer = await json(who, 'replay.list', { deliveryId });
      expect(answer.status).toBe(200);
      return { body: answer.body, urls: (answer.value.items as Array<{ url: string; sentBy: string | null; kind: string }>).filter((r) => r.kind === 'replay').map((r) => r.url) };
    };
    for (const who of ['max', 'ada'] as const) expect((await urlsAs(who)).urls).toContain(url);
    for (const who of ['mona', 'vera'] as const) {
      const { body, urls } = await urlsAs(who);
      expect(urls).toContain(`${target.url.replace('http://', 'http://redacted@')}/hook?access_token=redacted&page=2`);
      expect(body).not.toContain('pa55word');
      expect(body).not.toContain('tok123');
      expect(body).not.toContain('hookuser');
    }
  });

  it('the forward target and its forwards: whole for admins, redacted for everyone else', async () => {
    const forwardTarget = `${target.url.replace('http://', 'http://fwduser:fwdpass@')}/forward?token=fwdtok`;
    const set = await json('ada', 'forward.set', { enabled: true, target: forwardTarget, appendPath: false, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false });
    expect(set.status, set.body).toBe(200);
    expect((await json('ada', 'forward.get')).value.target).toBe(forwardTarget);
    for (const who of ['max', 'vera'] as const) {
      const answer = await json(who, 'forward.get');
      expect(answer.value.target).toBe(`${target.url.replace('http://', 'http://redacted@')}/forward?token=redacted`);
      expect(answer.body).not.toContain('fwdpass');
    }

    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const forwarded = await until(
      async () => {
        const items = (await json('ada', 'deliveries.list')).value.items as Array<{ id: number }>;
        const newest = Math.max(...items.map((i) => i.id));
        return { newest, replays: (await json('ada', 'replay.list', { deliveryId: newest })).value.items as Array<{ kind: string; url: string }> };
      },
      ({ replays }) => replays.some((r) => r.kind === 'forward'),
    );
    expect(forwarded.replays.find((r) => r.kind === 'forward')!.url).toContain('fwdpass');
    for (const who of ['max', 'vera'] as const) {
      const answer = await json(who, 'replay.list', { deliveryId: forwarded.newest });
      expect(answer.body).toContain('"kind":"forward"');
      expect(answer.body).not.toContain('fwdpass');
      expect(answer.body).not.toContain('fwdtok');
    }
    await json('ada', 'forward.set', { enabled: false, target: null, appendPath: false, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false });
  });

  it("a check run's target: whole for its starter and admins, never its credentials for anyone else", async () => {
    const url = `${target.url.replace('http://', 'http://checkuser:checkpw@')}/check?api_key=ck1`;
    const started = await json('max', 'check.start', { url, only: ['rejects-forgeries'], secret: 'the-handlers-own-secret' });
    expect(started.status, started.body).toBe(200);
    const runId = started.value.id as string;
    const run = await until(
      async () => (await json('max', 'check.get', { runId })).value,
      (view) => view.state !== 'running',
    );
    expect(run.target).toBe(url);
    expect((await json('ada', 'check.get', { runId })).value.target).toBe(url);
    for (const who of ['mona', 'vera'] as const) {
      for (const [name, input] of [['check.get', { runId }], ['check.list', {}]] as const) {
        const answer = await json(who, name, input);
        expect(answer.body).not.toContain('checkpw');
        expect(answer.body).not.toContain('ck1');
        if (answer.status === 200 && name === 'check.get') expect(answer.value.target).toBe(`${target.url.replace('http://', 'http://redacted@')}/check?api_key=redacted`);
      }
    }
  });

  it("a member's fixtures export answers the same whether its test secret is the real one or not", async () => {
    const exportAs = async (who: keyof typeof token, testSecretGiven: string) => {
      const answer = await raw(`${origin}/transfer/export`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token[who]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ format: 'fixtures', selection: { deliveryIds: [deliveryId] }, testSecret: testSecretGiven }),
      });
      return answer.status;
    };
    const guessedRight = await exportAs('max', testSecret);
    const guessedWrong = await exportAs('max', 'not-the-signing-secret');
    expect(guessedRight).toBe(guessedWrong);
    expect(guessedRight).toBe(200);
    // The admin, who holds the secret, is kept from putting it in fixtures by mistake.
    expect(await exportAs('ada', testSecret)).toBe(400);
  });

  it("an egress refusal says who may change the rule: an admin", async () => {
    const refused = await json('max', 'replay.send', { deliveryId, url: 'http://10.1.2.3:9/hook' });
    expect(JSON.stringify(refused.value)).toContain('an admin can allow it with --allow-target or in Settings → Egress');
  });

  it("a role change is audited with the role it replaced: old → new", async () => {
    const changed = await json('ada', 'users.setRole', { name: 'mona', role: 'viewer' });
    expect(changed.status, changed.body).toBe(200);
    const page = (await json('ada', 'audit.list', { limit: 20 })).value as unknown as AuditPage;
    const entry = page.items.find((e: AuditEntry) => e.action === 'users.setRole' && e.target === 'mona');
    expect(entry?.details).toEqual({ name: 'mona', role: 'viewer', previousRole: 'member' });
  });
});
