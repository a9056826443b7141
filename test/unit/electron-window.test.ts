import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/csp';
import type { CallHandlers } from '../../src/shared/contract';
import { EventStream } from '../../src/main/core/control/event-stream';
import { perStartTokenAccess } from '../../src/main/core/control/access';
import { createControlServer } from '../../src/main/core/control/server';
import { appIconPath } from '../../src/main/electron/app-icon';
import { applyContentSecurityPolicy } from '../../src/main/electron/content-security-policy';
import { registerIpcHandlers } from '../../src/main/electron/ipc';
import { IPC_CHANNELS } from '../../src/main/electron/ipc-channels';
import { guardNavigation } from '../../src/main/electron/navigation-guard';
import { denyPermissions } from '../../src/main/electron/permissions';
import { isAllowedExternalUrl, isOnOrigin, isTrustedSender } from '../../src/main/electron/url-rules';
import { windowOptions } from '../../src/main/electron/window-options';
import { pngSize } from '../support/png';
import { silentLogger } from '../../src/main/core/logger';

// The shell's modules run here against a stand-in for electron (whose package would try to download its binary):
// only what they call, recorded.
const electron = vi.hoisted(() => ({
  ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  openExternal: vi.fn(async (_url: string) => {}),
  showItemInFolder: vi.fn((_path: string) => {}),
  showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: undefined as string | undefined })),
}));
vi.mock('electron', () => ({
  app: { getPath: () => '/home/user/Downloads' },
  BrowserWindow: { fromWebContents: () => null },
  dialog: { showSaveDialog: electron.showSaveDialog },
  shell: { openExternal: electron.openExternal, showItemInFolder: electron.showItemInFolder },
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      if (electron.ipcHandlers.has(channel)) throw new Error(`a second handler for ${channel}`);
      electron.ipcHandlers.set(channel, handler);
    },
    removeHandler: (channel: string) => electron.ipcHandlers.delete(channel),
  },
}));

const source = (path: string) => readFileSync(resolve(__dirname, '../..', path), 'utf8');
const uiOrigin = 'http://127.0.0.1:43123';

describe('window options', () => {
  it('isolate and sandbox the renderer', () => {
    const prefs = windowOptions('/app/out/preload/index.js', false, '/app/resources/icons/256x256.png').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('show the app icon, found from the built main process where the build puts it', () => {
    const icon = appIconPath(resolve(__dirname, '../../out/main'));
    expect(icon).toBe(resolve(__dirname, '../../resources/icons/256x256.png'));
    expect(pngSize(readFileSync(icon))).toEqual({ width: 256, height: 256 });
    expect(windowOptions('p', false, icon).icon).toBe(icon);
  });

  it('follow the OS theme for the background', () => {
    expect(windowOptions('p', true, 'i').backgroundColor).not.toBe(windowOptions('p', false, 'i').backgroundColor);
  });
});

describe('content security policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );

  it('is the strict policy of the design', () => {
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('img-src')).toBe("'self' data:");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
  });

  it('allows no inline or eval code', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|\*|blob:/);
  });
});

describe('IPC sender check', () => {
  it('trusts only the UI main frame', () => {
    expect(isTrustedSender({ url: `${uiOrigin}/?token=abc#/deliveries`, isMainFrame: true }, uiOrigin)).toBe(true);
    expect(isTrustedSender({ url: `${uiOrigin}/`, isMainFrame: false }, uiOrigin)).toBe(false);
    expect(isTrustedSender(null, uiOrigin)).toBe(false);
  });

  it.each([
    'http://127.0.0.1:43124/',
    'http://localhost:43123/',
    'https://127.0.0.1:43123/',
    'http://127.0.0.1:43123.evil.test/',
    'file:///etc/passwd',
    'about:blank',
    'data:text/html,hi',
    'not a url',
    '',
  ])('rejects %s', (url) => {
    expect(isTrustedSender({ url, isMainFrame: true }, uiOrigin)).toBe(false);
  });

  it('keeps navigation on the UI origin', () => {
    expect(isOnOrigin(`${uiOrigin}/lifecycles?x=1`, uiOrigin)).toBe(true);
    expect(isOnOrigin('https://example.com/', uiOrigin)).toBe(false);
  });
});

describe('external links', () => {
  it('opens only https URLs', () => {
    expect(isAllowedExternalUrl('https://example.com/docs')).toBe(true);
    for (const url of ['http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https:', 'nope']) {
      expect(isAllowedExternalUrl(url)).toBe(false);
    }
  });
});

describe('preload', () => {
  const preload = source('src/preload/index.ts');

  it('imports only electron and the channel names', () => {
    const imports = [...preload.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(new Set(imports)).toEqual(new Set(['electron', '../main/electron/ipc-channels']));
  });

  it('exposes exactly the actions of the channels, each on its own fixed channel', () => {
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(preload).toContain("exposeInMainWorld('inspectorNative', inspectorNative)");
    for (const action of Object.keys(IPC_CHANNELS)) {
      expect(preload).toMatch(new RegExp(`\\b${action}: \\([^)]*\\) => ipcRenderer\\.invoke\\(IPC_CHANNELS\\.${action}[,)]`));
    }
    expect(preload.match(/ipcRenderer\.\w+/g)).toHaveLength(Object.keys(IPC_CHANNELS).length);
    expect(preload).not.toMatch(/invoke\(\s*channel|ipcRenderer\.(send|on|sendSync|postMessage)\b|\.\.\.args/);
  });

  it('uses distinct channels, all handled behind the sender check in main', () => {
    const channels = Object.values(IPC_CHANNELS);
    expect(new Set(channels).size).toBe(6);
    const ipc = source('src/main/electron/ipc.ts');
    expect(ipc.match(/ipcMain\.handle\(/g)).toHaveLength(1);
    for (const action of Object.keys(IPC_CHANNELS)) expect(ipc).toContain(`handleFromUi(IPC_CHANNELS.${action},`);
  });
});

// ---------- the shell's handlers, run ----------

type Listener = (event: { url: string; preventDefault(): void }) => void;

/** A window's webContents as guardNavigation uses it. */
function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    setWindowOpenHandler: (handler: typeof openHandler) => void (openHandler = handler),
    on: (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return contents;
    },
  };
  return {
    contents: contents as unknown as Parameters<typeof guardNavigation>[0],
    listeners,
    open: (url: string) => openHandler!({ url }),
    /** Emits the event; true when the listener prevented it. */
    emit(name: string, url: string): boolean {
      let prevented = false;
      listeners.get(name)!({ url, preventDefault: () => (prevented = true) });
      return prevented;
    },
  };
}

describe('navigation guard', () => {
  beforeEach(() => electron.openExternal.mockClear());

  it('denies every new window, opening only https links outside, in the browser', () => {
    const window = fakeContents();
    guardNavigation(window.contents, uiOrigin);
    const urls = [`${uiOrigin}/deliveries`, 'https://docs.example.com/', 'http://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'about:blank'];
    for (const url of urls) expect(window.open(url), url).toEqual({ action: 'deny' });
    expect(electron.openExternal.mock.calls).toEqual([['https://docs.example.com/']]);
  });

  it('keeps the window on the UI origin: navigations and redirects elsewhere are prevented', () => {
    const window = fakeContents();
    guardNavigation(window.contents, uiOrigin);
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(window.emit(event, `${uiOrigin}/lifecycles?key=send:1`), event).toBe(false);
      for (const url of ['https://example.com/', 'http://127.0.0.1:43124/', 'http://localhost:43123/', 'file:///etc/passwd', 'data:text/html,x', 'about:blank']) {
        expect(window.emit(event, url), `${event} ${url}`).toBe(true);
      }
    }
  });

  it('refuses webviews', () => {
    const window = fakeContents();
    guardNavigation(window.contents, uiOrigin);
    expect(window.emit('will-attach-webview', `${uiOrigin}/`)).toBe(true);
    expect([...window.listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
  });
});

describe('content security policy in the shell', () => {
  function fakeSession() {
    const registered: Array<{ filter: { urls: string[] }; listener: (details: unknown, callback: (r: unknown) => void) => void }> = [];
    const session = { webRequest: { onHeadersReceived: (filter: { urls: string[] }, listener: (typeof registered)[number]['listener']) => registered.push({ filter, listener }) } };
    return { session: session as unknown as Parameters<typeof applyContentSecurityPolicy>[0], registered };
  }

  function respond(listener: (details: unknown, callback: (r: unknown) => void) => void, responseHeaders?: Record<string, string[]>) {
    let answer: { responseHeaders: Record<string, string[]> } | null = null;
    listener({ url: `${uiOrigin}/`, responseHeaders }, (r) => (answer = r as typeof answer));
    return answer!.responseHeaders;
  }

  it('replaces whatever CSP a UI response carries with the strict one, keeping the other headers', () => {
    const { session, registered } = fakeSession();
    applyContentSecurityPolicy(session, uiOrigin);
    expect(registered.map((r) => r.filter)).toEqual([{ urls: [`${uiOrigin}/*`] }]);
    const headers = respond(registered[0]!.listener, {
      'content-security-policy': ["default-src * 'unsafe-inline'"],
      'Content-Security-Policy': ["script-src 'unsafe-eval'"],
      'Content-Type': ['text/html; charset=utf-8'],
    });
    expect(headers).toEqual({ 'Content-Type': ['text/html; charset=utf-8'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(respond(registered[0]!.listener)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  describe('sent by the control server with every response (the browser and the window get it alike)', () => {
    let close: (() => Promise<void>) | null = null;
    afterEach(async () => {
      await close?.();
      close = null;
    });

    it('on the UI page, on a refused call and on a missing file', async () => {
      const rendererDir = mkdtempSync(join(tmpdir(), 'inspector-renderer-'));
      writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>ui</title>');
      const control = createControlServer({ access: perStartTokenAccess('t0k3n'), handlers: {} as CallHandlers, events: new EventStream(), rendererDir, logger: silentLogger });
      await new Promise<void>((ready) => control.server.listen(0, '127.0.0.1', () => ready()));
      const port = (control.server.address() as AddressInfo).port;
      control.setPort(port);
      close = () =>
        new Promise<void>((done) => {
          control.server.close(() => done());
          control.server.closeAllConnections();
          rmSync(rendererDir, { recursive: true, force: true });
        });
      const base = `http://127.0.0.1:${port}`;
      const answers = await Promise.all([
        fetch(`${base}/?token=t0k3n`),
        fetch(`${base}/rpc/status.get`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
        fetch(`${base}/assets/missing.js`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 401, 404]);
      for (const answer of answers) {
        expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
        expect(answer.headers.get('x-frame-options')).toBe('DENY');
      }
    });
  });
});

describe('permissions', () => {
  it('grants only clipboard writes, and only to the UI', () => {
    let onRequest: ((wc: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void) | null = null;
    let onCheck: ((wc: unknown, permission: string, requestingOrigin: string) => boolean) | null = null;
    const session = {
      setPermissionRequestHandler: (handler: typeof onRequest) => void (onRequest = handler),
      setPermissionCheckHandler: (handler: typeof onCheck) => void (onCheck = handler),
    };
    denyPermissions(session as unknown as Parameters<typeof denyPermissions>[0], uiOrigin);
    const request = (permission: string, url: string) => {
      let granted: boolean | null = null;
      onRequest!(null, permission, (g) => (granted = g), { requestingUrl: url });
      return granted;
    };
    expect(request('clipboard-sanitized-write', `${uiOrigin}/`)).toBe(true);
    expect(onCheck!(null, 'clipboard-sanitized-write', uiOrigin)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'pointerLock']) {
      expect(request(permission, `${uiOrigin}/`), permission).toBe(false);
      expect(onCheck!(null, permission, uiOrigin), permission).toBe(false);
    }
    expect(request('clipboard-sanitized-write', 'http://127.0.0.1:43124/')).toBe(false);
    expect(onCheck!(null, 'clipboard-sanitized-write', 'https://example.com')).toBe(false);
  });
});

describe('IPC handlers', () => {
  let unregister: (() => void) | null = null;
  const sharedSwitch = { current: () => null, connect: vi.fn(async () => {}), useLocal: vi.fn(async () => {}) };
  beforeEach(() => {
    sharedSwitch.connect.mockClear();
    sharedSwitch.useLocal.mockClear();
    electron.ipcHandlers.clear();
    for (const mock of [electron.openExternal, electron.showItemInFolder, electron.showSaveDialog]) mock.mockClear();
    unregister = registerIpcHandlers(uiOrigin, sharedSwitch);
  });
  afterEach(() => unregister?.());

  const event = (senderFrame: { url: string; parent: object | null } | null) => ({ senderFrame, sender: {} });
  const fromUi = event({ url: `${uiOrigin}/?token=abc#/deliveries`, parent: null });
  const untrusted = {
    'another origin': event({ url: 'https://evil.example/', parent: null }),
    'another local port': event({ url: 'http://127.0.0.1:43124/', parent: null }),
    'a frame of the UI origin': event({ url: `${uiOrigin}/`, parent: {} }),
    'a frame gone away': event(null),
  };
  const validArgs: Record<keyof typeof IPC_CHANNELS, unknown[]> = {
    saveFile: ['export.json', '{}'],
    revealInFolder: ['/etc/passwd'],
    openExternal: ['https://docs.example.com/'],
    sharedInspector: [],
    connectSharedInspector: ['https://inspector.example.com', 'wit_token'],
    useLocalInspector: [],
  };

  it('handles exactly the preload channels, and removes them when asked', () => {
    expect([...electron.ipcHandlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    unregister!();
    unregister = null;
    expect(electron.ipcHandlers.size).toBe(0);
  });

  it.each(Object.entries(untrusted))('every handler refuses %s, before doing anything', async (_name, sender) => {
    for (const [action, channel] of Object.entries(IPC_CHANNELS) as Array<[keyof typeof IPC_CHANNELS, string]>) {
      const handler = electron.ipcHandlers.get(channel)!;
      await expect(Promise.resolve().then(() => handler(sender, ...validArgs[action])), action).rejects.toThrow(
        `${channel}: rejected, the sender is not the inspector UI`,
      );
    }
    expect(electron.openExternal).not.toHaveBeenCalled();
    expect(electron.showItemInFolder).not.toHaveBeenCalled();
    expect(electron.showSaveDialog).not.toHaveBeenCalled();
    expect(sharedSwitch.connect).not.toHaveBeenCalled();
    expect(sharedSwitch.useLocal).not.toHaveBeenCalled();
  });

  it('serves the UI main frame, within each action\'s own limits', async () => {
    const handler = (action: keyof typeof IPC_CHANNELS) => electron.ipcHandlers.get(IPC_CHANNELS[action])!;
    expect(await handler('saveFile')(fromUi, ...validArgs.saveFile)).toBeNull(); // the dialog was cancelled
    expect(electron.showSaveDialog).toHaveBeenCalledTimes(1);
    expect(await handler('revealInFolder')(fromUi, '/etc/passwd')).toBe(false); // not a file this app saved
    expect(electron.showItemInFolder).not.toHaveBeenCalled();
    expect(await handler('openExternal')(fromUi, 'file:///etc/passwd')).toBe(false);
    expect(await handler('openExternal')(fromUi, 'https://docs.example.com/')).toBe(true);
    expect(electron.openExternal.mock.calls).toEqual([['https://docs.example.com/']]);
  });
});

// ---------- how the desktop entry wires them (it needs a real Electron to run) ----------

describe('desktop entry', () => {
  const entry = source('src/main/index.ts');
  const body = (name: string) => {
    const start = entry.indexOf(`function ${name}(`);
    expect(start, name).toBeGreaterThan(-1);
    return entry.slice(start, entry.indexOf('\n}\n', start));
  };

  it('guards every window it opens right after creating it, with the options tested above', () => {
    const open = body('openWindow');
    expect(entry.match(/new BrowserWindow\(/g)).toHaveLength(1);
    expect(open).toMatch(/const opened = new BrowserWindow\(windowOptions\(join\(__dirname, '\.\.\/preload\/index\.js'\), [^,]+, appIconPath\(__dirname\)\)/);
    const created = open.indexOf('new BrowserWindow(');
    const guarded = open.indexOf('guardNavigation(window.webContents, target.origin)');
    const loaded = open.indexOf('window.loadURL(');
    expect(created).toBeGreaterThan(-1);
    expect(guarded).toBeGreaterThan(created);
    expect(loaded).toBeGreaterThan(guarded);
  });

  it('applies the CSP, the permission rules and the IPC handlers for the shown origin before any window opens on it', () => {
    const show = body('showUi');
    const opened = show.indexOf('openWindow(target)');
    expect(opened).toBeGreaterThan(-1);
    for (const call of ['applyContentSecurityPolicy(session.defaultSession, target.origin)', 'denyPermissions(session.defaultSession, target.origin)', 'unregisterIpc?.()', 'registerIpcHandlers(target.origin, sharedSwitch)']) {
      const at = show.indexOf(call);
      expect(at, call).toBeGreaterThan(-1);
      expect(at, call).toBeLessThan(opened);
    }
    // Every window, the first, a re-opened one (macOS) and one after a switch of inspector, opens through showUi.
    expect(entry.match(/openWindow\(/g)).toHaveLength(2); // its definition and showUi's call
    expect(body('start')).toContain('showUi(currentTarget())');
  });

  it('sandboxes every renderer and keeps secrets with the OS keychain', () => {
    expect(entry.indexOf('app.enableSandbox()')).toBeGreaterThan(-1);
    expect(entry.indexOf('app.enableSandbox()')).toBeLessThan(entry.indexOf('app.whenReady()'));
    expect(entry).toContain("secretStore: createSafeStorageSecretStore(join(dataDir, 'signing-secret.json'))");
    expect(entry).toContain("apiTokenStore: createSafeStorageSecretStore(join(dataDir, 'api-token.json'))");
    expect(entry).toContain("sharedInspectorStore(createSafeStorageSecretStore(join(dataDir, 'shared-inspector.json')))");
  });
});

describe('renderer', () => {
  const files = (dir: string): string[] =>
    readdirSync(resolve(__dirname, '../..', dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(`${dir}/${entry.name}`) : /\.(tsx?|html)$/.test(entry.name) ? [`${dir}/${entry.name}`] : [],
    );

  it('never renders received text as HTML, nor evaluates strings as code', () => {
    const all = files('src/renderer');
    expect(all.length).toBeGreaterThan(10);
    for (const file of all) {
      const code = source(file).replace(/^\s*(\/\/|\*).*$/gm, '');
      expect(code, file).not.toMatch(/dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(|\beval\(|new Function\(|<script>|\son[a-z]+="/);
    }
  });
});
