import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoreStatus } from '../../src/shared/contract';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { numberedBody } from '../support/signed-load';
import { tempDataDir } from '../support/temp-dir';
import { startTestRelay, type TestRelay } from '../support/test-relay';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

let relay: TestRelay;
let token: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  relay = await startTestRelay();
  token = await relay.createChannel('sources');
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function sendToRelay(from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n++) {
    const body = numberedBody(n);
    expect(await relay.deliver('/c/sources/webhooks', body, serviceHeaders(body))).toBe(200);
  }
}

/** A core on a data dir of the test's own, its log lines kept. */
function startLaptop(dataDir: string, lines: string[], relayOption?: { url: string; token: string; fingerprint: string | null }) {
  return startTestCore({ dataDir, secret: testSecret, relay: relayOption, logger: humanLogger((line) => lines.push(line)) });
}

function newDataDir(): string {
  const dir = tempDataDir();
  dataDirs.push(dir);
  return dir;
}

function savedSettingsText(dataDir: string): string {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    return JSON.stringify(db.prepare('SELECT key, value FROM settings').all());
  } finally {
    db.close();
  }
}

/** The files of a data dir that hold these bytes anywhere (the database and its WAL included). */
function filesHolding(dataDir: string, text: string): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(text))
    .map((file) => file.slice(dataDir.length + 1));
}

const connectedWith = (count: number) => (s: CoreStatus) => s.deliveryCount === count && s.sources[0]?.state === 'connected';
/** The fingerprint as a user may paste it: lowercase hex without colons. */
const pastedFingerprint = () => relay.fingerprint.replace(/:/g, '').toLowerCase();

describe('relay source set from Settings', () => {
  test('sources.set connects at run time, a restart reconnects from the saved settings, sources.clear forgets it', async () => {
    const dataDir = newDataDir();
    const lines: string[] = [];
    let laptop: TestCore = await startLaptop(dataDir, lines);
    expect(await laptop.call('status.get', {})).toMatchObject({ sources: [], relay: null });

    const set = await laptop.call('sources.set', { url: relay.url, token, fingerprint: pastedFingerprint() });
    const name = `relay:${new URL(relay.url).host}`;
    expect(set.relay).toEqual({ url: relay.url, name, fingerprint: relay.fingerprint, tokenStorage: 'file', stored: 0 });
    expect(JSON.stringify(set)).not.toContain(token);

    await sendToRelay(1, 5);
    let status = await until(() => laptop.call('status.get', {}), connectedWith(5));
    expect(status.sources).toEqual([expect.objectContaining({ name, state: 'connected', reason: null })]);
    expect(status.relay?.stored).toBe(5);
    const listed = await laptop.call('deliveries.list', {});
    expect(listed.items.map((item) => item.source)).toEqual(Array(5).fill(name));
    expect((await laptop.call('deliveries.get', { id: listed.items[0]!.id })).source).toBe(name);
    await laptop.stop();

    // The token is kept apart from the settings, in a 0600 file (headless), and nowhere else.
    expect(statSync(join(dataDir, 'relay-token')).mode & 0o777).toBe(0o600);
    expect(filesHolding(dataDir, token)).toEqual(['relay-token']);
    expect(savedSettingsText(dataDir)).toContain(relay.url);
    expect(savedSettingsText(dataDir)).not.toContain(token);

    await sendToRelay(6, 3);
    laptop = await startLaptop(dataDir, lines);
    status = await until(() => laptop.call('status.get', {}), connectedWith(8));
    expect(status.relay).toMatchObject({ url: relay.url, tokenStorage: 'file', stored: 8 });

    const cleared = await laptop.call('sources.clear', {});
    expect(cleared).toMatchObject({ sources: [], relay: null });
    await laptop.stop();
    expect(existsSync(join(dataDir, 'relay-token'))).toBe(false);
    expect(savedSettingsText(dataDir)).not.toContain(relay.url);

    laptop = await startLaptop(dataDir, lines);
    expect(await laptop.call('status.get', {})).toMatchObject({ sources: [], relay: null, deliveryCount: 8 });
    expect(await laptop.call('deliveries.list', {})).toMatchObject({ items: Array(8).fill(expect.objectContaining({ source: name })) });
    await laptop.stop();

    expect(lines.some((line) => line.includes(name))).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });

  test('a wrong token reads disconnected, refused, and neither the status, the log nor an error repeats it', async () => {
    const lines: string[] = [];
    const laptop = await startLaptop(newDataDir(), lines);
    const wrong = 'wir_not_this_channel_token';
    await laptop.call('sources.set', { url: relay.url, token: wrong, fingerprint: relay.fingerprint });
    const status = await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'disconnected');
    expect(status.sources[0]).toMatchObject({ state: 'disconnected', since: expect.any(String), reason: expect.stringContaining('refused the token') });
    expect(JSON.stringify(status)).not.toContain(wrong);

    // Another host is never sent the kept token: it must be given again.
    const elsewhere = relay.url.replace('127.0.0.1', 'localhost');
    const refused = await laptop.call('sources.set', { url: elsewhere, fingerprint: null }).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/400 .*give the channel token/);
    expect(refused).not.toContain(wrong);

    // The same relay keeps its token: the right one given replaces it, and it connects.
    await laptop.call('sources.set', { url: relay.url, token, fingerprint: relay.fingerprint });
    await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected');
    const kept = await laptop.call('sources.set', { url: relay.url, fingerprint: relay.fingerprint });
    expect(kept.relay).toMatchObject({ url: relay.url, tokenStorage: 'file' });
    await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected');
    await laptop.stop();
    expect(lines.join('\n')).not.toContain(wrong);
    expect(lines.join('\n')).not.toContain(token);
  });

  test('serve --relay overrides the saved source for that run only', async () => {
    const dataDir = newDataDir();
    const lines: string[] = [];
    let laptop = await startLaptop(dataDir, lines);
    await laptop.call('sources.set', { url: relay.url, token, fingerprint: relay.fingerprint });
    await laptop.stop();

    const commandLine = { url: relay.url, token: 'wir_given_on_the_command_line', fingerprint: relay.fingerprint };
    laptop = await startLaptop(dataDir, lines, commandLine);
    const overridden = await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'disconnected');
    expect(overridden.relay).toMatchObject({ url: relay.url, tokenStorage: 'memory' });
    expect(JSON.stringify(overridden)).not.toContain(commandLine.token);
    await laptop.stop();

    laptop = await startLaptop(dataDir, lines);
    const saved = await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected');
    expect(saved.relay).toMatchObject({ url: relay.url, tokenStorage: 'file' });
    await laptop.stop();
    expect(lines.join('\n')).not.toContain(commandLine.token);
  });

  test('bad source settings are refused with a reason, and nothing is saved', async () => {
    const dataDir = newDataDir();
    const laptop = await startLaptop(dataDir, []);
    const attempts = [
      { url: 'ftp://relay.example.com', token, fingerprint: null },
      { url: 'not a url', token, fingerprint: null },
      { url: relay.url, token, fingerprint: 'AB:CD' },
      { url: relay.url, token: '   ', fingerprint: null },
    ];
    for (const attempt of attempts) {
      const outcome = await laptop.call('sources.set', attempt).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/^sources\.set: 400 /);
      expect(outcome).not.toContain(token);
    }
    expect(await laptop.call('status.get', {})).toMatchObject({ sources: [], relay: null });
    await laptop.stop();
    expect(existsSync(join(dataDir, 'relay-token'))).toBe(false);
  });
});
