import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallHandlers } from '../../src/shared/contract';
import type { SecretStore } from '../../src/main/core/secret-store';
import { perStartTokenAccess } from '../../src/main/core/control/access';
import { EventStream } from '../../src/main/core/control/event-stream';
import { createControlServer } from '../../src/main/core/control/server';
import { registerIpcHandlers } from '../../src/main/electron/ipc';
import { IPC_CHANNELS } from '../../src/main/electron/ipc-channels';
import { checkSharedInspector, sharedInspectorOrigin, sharedInspectorStore, uiTarget } from '../../src/main/electron/shared-inspector';
import { silentLogger } from '../../src/main/core/logger';

// The IPC module runs here against a stand-in for electron's ipcMain (the binary cannot run here): handlers recorded.
const ipcHandlers = vi.hoisted(() => new Map<string, (event: unknown, ...args: unknown[]) => unknown>());
vi.mock('electron', () => ({
  app: { getPath: () => '/tmp' },
  BrowserWindow: { fromWebContents: () => null },
  dialog: {},
  shell: {},
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => void ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => ipcHandlers.delete(channel),
  },
}));

const localOrigin = 'http://127.0.0.1:43123';
const sharedOrigin = 'https://inspector.example.com';
const token = 'wit_s3cret-token-of-alice';

describe('a shared inspector\'s address', () => {
  it('is kept as its origin: https, or http on this machine only', () => {
    expect(sharedInspectorOrigin(' https://inspector.example.com/deliveries?x=1#y ')).toBe(sharedOrigin);
    expect(sharedInspectorOrigin('https://inspector.example.com:8443')).toBe('https://inspector.example.com:8443');
    expect(sharedInspectorOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(sharedInspectorOrigin('http://localhost:8080')).toBe('http://localhost:8080');
  });

  it.each([
    ['http://inspector.example.com', /over https:\/\//],
    ['ftp://inspector.example.com', /over https:\/\//],
    ['file:///etc/passwd', /over https:\/\//],
    ['javascript:alert(1)', /over https:\/\//],
    ['https://alice:pw@inspector.example.com', /token in its own field/],
    ['inspector.example.com', /is a URL such as/],
    ['', /is a URL such as/],
  ])('refuses %s', (address, reason) => {
    expect(() => sharedInspectorOrigin(address)).toThrow(reason);
  });
});

describe('the window\'s target', () => {
  const local = { uiOrigin: localOrigin, ui: `${localOrigin}/?token=per-start` };

  it('is the local core without a shared inspector, and the shared one with the user\'s token when connected', () => {
    expect(uiTarget(local, null)).toEqual({ origin: localOrigin, url: local.ui, shared: null });
    expect(uiTarget(local, { origin: sharedOrigin, token: 'wit_a+b/c' })).toEqual({
      origin: sharedOrigin,
      url: `${sharedOrigin}/?token=wit_a%2Bb%2Fc`,
      shared: sharedOrigin,
    });
  });
});

describe('the kept connection', () => {
  const memory = (initial: string | null = null) => {
    let value = initial;
    const store: SecretStore = { storage: 'safe_storage', load: () => value, save: (next) => void (value = next) };
    return { store, value: () => value };
  };

  it('round-trips through one secret and is forgotten on null', () => {
    const secrets = memory();
    const kept = sharedInspectorStore(secrets.store);
    expect(kept.load()).toBeNull();
    kept.save({ origin: sharedOrigin, token });
    expect(kept.load()).toEqual({ origin: sharedOrigin, token });
    kept.save(null);
    expect(secrets.value()).toBeNull();
    expect(kept.load()).toBeNull();
  });

  it.each(['not json', '{}', JSON.stringify({ origin: 'http://evil.example', token }), JSON.stringify({ origin: sharedOrigin, token: 'a b' })])(
    'reads %s as not connected, so the local inspector opens',
    (text) => {
      expect(sharedInspectorStore(memory(text).store).load()).toBeNull();
    },
  );
});

describe('the IPC of "Connect to a shared inspector"', () => {
  let shownOrigin: string | null;
  const sharedSwitch = {
    current: () => shownOrigin,
    connect: vi.fn(async (_origin: string, _token: string) => {}),
    useLocal: vi.fn(async () => {}),
  };
  const fromPage = (origin: string) => ({ senderFrame: { url: `${origin}/#/settings`, parent: null }, sender: {} });
  const invoke = (channel: string, origin: string, ...args: unknown[]) =>
    Promise.resolve().then(() => ipcHandlers.get(channel)!(fromPage(origin), ...args));
  let unregister: () => void;

  beforeEach(() => {
    unregister?.();
    shownOrigin = null;
    sharedSwitch.connect.mockClear();
    sharedSwitch.useLocal.mockClear();
  });

  it('connects from the local inspector with the address\'s origin and the token, and says where it is (never the token)', async () => {
    unregister = registerIpcHandlers(localOrigin, sharedSwitch);
    expect(await invoke(IPC_CHANNELS.sharedInspector, localOrigin)).toBeNull();
    await invoke(IPC_CHANNELS.connectSharedInspector, localOrigin, `${sharedOrigin}/some/page`, ` ${token} `);
    expect(sharedSwitch.connect.mock.calls).toEqual([[sharedOrigin, token]]);

    shownOrigin = sharedOrigin;
    unregister();
    unregister = registerIpcHandlers(sharedOrigin, sharedSwitch);
    expect(await invoke(IPC_CHANNELS.sharedInspector, sharedOrigin)).toEqual({ origin: sharedOrigin });
  });

  it('lets a shared inspector\'s page go back to the local one, but not send the window on to another', async () => {
    shownOrigin = sharedOrigin;
    unregister = registerIpcHandlers(sharedOrigin, sharedSwitch);
    await expect(invoke(IPC_CHANNELS.connectSharedInspector, sharedOrigin, 'https://other.example.com', token)).rejects.toThrow(/from the local one/);
    expect(sharedSwitch.connect).not.toHaveBeenCalled();
    await invoke(IPC_CHANNELS.useLocalInspector, sharedOrigin);
    expect(sharedSwitch.useLocal).toHaveBeenCalledTimes(1);
    // The local page is not the one shown now: it is refused like any other origin.
    await expect(invoke(IPC_CHANNELS.useLocalInspector, localOrigin)).rejects.toThrow(/not the inspector UI/);
  });

  it('refuses a bad address or token with a reason that never repeats the token', async () => {
    unregister = registerIpcHandlers(localOrigin, sharedSwitch);
    const refusals = [
      invoke(IPC_CHANNELS.connectSharedInspector, localOrigin, `http://inspector.example.com/?t=${token}`, token),
      invoke(IPC_CHANNELS.connectSharedInspector, localOrigin, sharedOrigin, `${token} with spaces`),
      invoke(IPC_CHANNELS.connectSharedInspector, localOrigin, sharedOrigin, ''),
      invoke(IPC_CHANNELS.connectSharedInspector, localOrigin, 42, token),
    ];
    for (const refusal of refusals) {
      const error = (await refusal.then(() => null, (e: Error) => e))!;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).not.toContain(token);
    }
    expect(sharedSwitch.connect).not.toHaveBeenCalled();
  });
});

describe('checking a shared inspector before the window goes there', () => {
  let origin: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const handlers = { 'status.get': () => ({}) } as unknown as CallHandlers;
    const control = createControlServer({ access: perStartTokenAccess(token), handlers, events: new EventStream(), rendererDir: null, logger: silentLogger });
    await new Promise<void>((ready) => control.server.listen(0, '127.0.0.1', () => ready()));
    const port = (control.server.address() as AddressInfo).port;
    control.setPort(port);
    origin = `http://127.0.0.1:${port}`;
    close = () => new Promise<void>((done) => control.server.close(() => done()));
  });
  afterAll(() => close());

  it('passes with a token the server lets in', async () => {
    await expect(checkSharedInspector(origin, token)).resolves.toBeUndefined();
  });

  it('says a refused token and an unreachable server apart, never repeating the token', async () => {
    const refused = await checkSharedInspector(origin, `${token}x`).catch((e: Error) => e);
    expect((refused as Error).message).toMatch(/does not accept this token/);
    const unreachable = await checkSharedInspector('http://127.0.0.1:1', token).catch((e: Error) => e);
    expect((unreachable as Error).message).toMatch(/cannot be reached/);
    for (const error of [refused, unreachable]) expect((error as Error).message).not.toContain(token);
  });
});
