import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron, expect, test, type ElectronApplication, type Frame, type Page } from '@playwright/test';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { spawnServe } from '../support/cli-process';

/*
 * The desktop shell as a user runs it (DESIGN 5: contextIsolation, sandbox, no nodeIntegration, a strict
 * CSP, navigation and new windows denied, IPC sender checked), checked in the running app rather than in
 * its source. It needs Electron's binary, which the electron package downloads the first time it is
 * loaded: where the binary is not there, these tests are skipped, saying why, and nothing is downloaded.
 */

const repoRoot = resolve(__dirname, '../..');

/** Where the electron package would run its binary from (the logic of its index.js, without its download). */
function findElectronBinary(): { path: string } | { missing: string } {
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('electron/package.json', { paths: [repoRoot] }));
  } catch {
    return { missing: 'the electron package is not installed (node_modules/electron missing)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relativeBinary = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, relativeBinary ?? 'electron');
    return existsSync(path) ? { path } : { missing: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary (${path} missing)` };
  }
  if (relativeBinary === null) {
    return { missing: 'node_modules/electron/dist missing (the package fetches its binary on first use, and it was never fetched)' };
  }
  const path = join(packageDir, 'dist', relativeBinary);
  return existsSync(path) ? { path } : { missing: `node_modules/electron/dist/${relativeBinary} missing` };
}

function whyNotRunnable(): string | null {
  const binary = findElectronBinary();
  if ('missing' in binary) return `Electron binary not installed: ${binary.missing}. Install it (npx install-electron) to run these tests.`;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'No display for Electron (DISPLAY and WAYLAND_DISPLAY unset): run under xvfb-run.';
  }
  if (!existsSync(join(repoRoot, 'out', 'main', 'index.js'))) return 'out/main/index.js is missing: run `npm run build` first.';
  return null;
}

const skipReason = whyNotRunnable();
if (skipReason !== null) console.log(`electron.spec.ts skipped: ${skipReason}`);

/** better-sqlite3 built for Electron's ABI, as `npm start` builds it (the Node build in node_modules does not load in Electron). */
function ensureElectronSqliteBinding(): void {
  const binding = join(repoRoot, 'out', 'native', 'electron', 'better_sqlite3.node');
  if (existsSync(binding)) return;
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-electron-sqlite.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(binding)) {
    throw new Error('better-sqlite3 could not be built for Electron (see out/native/electron/build.log): the desktop app cannot open its store');
  }
}

async function call<N extends CallName>(uiUrl: string, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const url = new URL(uiUrl);
  const res = await fetch(`${url.origin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${url.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`);
  return JSON.parse(text) as CallOutput<N>;
}

/** Another origin on this machine: a page with a same-origin iframe; it counts every request it gets. */
async function startForeignSite(): Promise<{ origin: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(req.url === '/outer' ? '<!doctype html><title>outer</title><iframe src="/inner"></iframe>' : '<!doctype html><title>foreign</title>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

/** What the renderer's main world can reach (typed here: the test project has no DOM types). */
interface RendererGlobals {
  inspectorNative?: Record<string, (...args: unknown[]) => Promise<unknown>>;
  require?: unknown;
  process?: unknown;
  open(url: string): unknown;
  location: { href: string };
  document: {
    createElement(tag: string): { src: string };
    body: { append(node: unknown): void };
    addEventListener(type: string, listener: (event: { effectiveDirective: string; blockedURI: string }) => void): void;
  };
}

/** Calls the preload's revealInFolder from a frame: what the main process answered, or why it refused. */
function revealFrom(frame: Page | Frame): Promise<string> {
  return frame.evaluate(async () => {
    const native = (globalThis as unknown as RendererGlobals).inspectorNative;
    if (!native) return 'no inspectorNative in this frame';
    try {
      return `answered ${String(await native.revealInFolder!('/not/saved/by/the/app'))}`;
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  });
}

test.describe('the desktop app', () => {
  test.skip(skipReason !== null, skipReason ?? '');
  test.describe.configure({ mode: 'serial' });

  let root: string;
  let userData: string;
  let app: ElectronApplication;
  let window: Page;
  let uiUrl: string;
  let foreign: Awaited<ReturnType<typeof startForeignSite>>;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    ensureElectronSqliteBinding();
    root = mkdtempSync(join(tmpdir(), 'inspector-electron-'));
    // app.getPath('userData') is appData + the app's name; on Linux appData is $XDG_CONFIG_HOME (on Windows %APPDATA%).
    const appData = join(root, 'config');
    userData = join(appData, 'webhook-inspector');
    mkdirSync(userData, { recursive: true });

    // The desktop app takes its ports and service from the data dir it shares with `serve`: set them there as a user
    // would in Settings, so it binds ephemeral ports (not 8443) and starts no simulator.
    const serve = await spawnServe(['--data-dir', userData, '--port', '0', '--ui-port', '0', '--no-simulator']);
    await call(serve.lines.UI!, 'settings.setPorts', { https: 0, http: null });
    await call(serve.lines.UI!, 'settings.setService', { connection: { mode: 'service', baseUrl: 'https://payouts.example.invalid' } });
    serve.child.kill('SIGTERM');
    await serve.exited;

    foreign = await startForeignSite();
    const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    delete env.ELECTRON_RUN_AS_NODE;
    const binary = findElectronBinary() as { path: string };
    app = await _electron.launch({
      executablePath: binary.path,
      // `.`: package.json's main (out/main/index.js), and the app's name, hence its userData folder.
      args: ['.', `--user-data-dir=${userData}`],
      cwd: repoRoot,
      env: { ...env, XDG_CONFIG_HOME: appData, APPDATA: appData },
    });
    window = await app.firstWindow();
    await window.waitForLoadState('domcontentloaded');
    uiUrl = window.url();
  });

  test.afterAll(async () => {
    await app?.close();
    await new Promise<void>((done) => (foreign ? foreign.server.close(() => done()) : done()));
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('runs on its temp data dir, on ephemeral ports, without the simulator', async () => {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(userData);
    const status = await call(uiUrl, 'status.get', {});
    expect(status.dataDir).toBe(userData);
    expect(status.ports.https).not.toBe(8443);
    expect(status.service.mode).toBe('service');
    expect(new URL(uiUrl).hostname).toBe('127.0.0.1');
  });

  test('isolates and sandboxes the window: no Node in the page, only the three native extras', async () => {
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      // The preferences the window's page was created with (Electron keeps them; the method is not in its typings).
      const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as {
        getLastWebPreferences?: () => Record<string, unknown> | null;
      };
      if (typeof contents.getLastWebPreferences !== 'function') return 'webContents.getLastWebPreferences() is not available';
      const last = contents.getLastWebPreferences();
      return last && {
        contextIsolation: last.contextIsolation,
        sandbox: last.sandbox,
        nodeIntegration: last.nodeIntegration,
        nodeIntegrationInWorker: last.nodeIntegrationInWorker,
        nodeIntegrationInSubFrames: last.nodeIntegrationInSubFrames,
        webSecurity: last.webSecurity,
        allowRunningInsecureContent: last.allowRunningInsecureContent,
        webviewTag: last.webviewTag,
        preload: last.preload,
      };
    });
    expect(prefs).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: join(repoRoot, 'out', 'preload', 'index.js'),
    });
    const page = await window.evaluate(() => {
      const g = globalThis as unknown as RendererGlobals;
      return { require: typeof g.require, process: typeof g.process, native: Object.keys(g.inspectorNative ?? {}).sort() };
    });
    expect(page).toEqual({ require: 'undefined', process: 'undefined', native: ['openExternal', 'revealInFolder', 'saveFile'] });
  });

  test('denies new windows', async () => {
    const opened = await window.evaluate(
      (urls) => urls.map((url) => (globalThis as unknown as RendererGlobals).open(url) === null),
      [`${foreign.origin}/popup`, `${new URL(uiUrl).origin}/`, 'about:blank'],
    );
    // window.open gives null only when the main process's window-open handler denied it.
    expect(opened).toEqual([true, true, true]);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(app.windows()).toHaveLength(1);
    expect(foreign.requests).toEqual([]);
  });

  test('stays on the UI when the page navigates to another origin', async () => {
    await app.evaluate(({ BrowserWindow }) => {
      const seen: string[] = [];
      (globalThis as { navigationsSeen?: string[] }).navigationsSeen = seen;
      BrowserWindow.getAllWindows()[0]!.webContents.on('will-navigate', (event, url) => seen.push((event as { url?: string }).url ?? url));
    });
    const target = `${foreign.origin}/elsewhere`;
    await window.evaluate((url) => {
      (globalThis as unknown as RendererGlobals).location.href = url;
    }, target);
    // Done once the main process has seen the attempt and the window has stopped loading (a navigation let
    // through would keep it loading until the other page commits).
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }, url) => {
          const contents = BrowserWindow.getAllWindows()[0]!.webContents;
          return { seen: ((globalThis as { navigationsSeen?: string[] }).navigationsSeen ?? []).includes(url), loading: contents.isLoading() };
        }, target),
      )
      .toEqual({ seen: true, loading: false });
    const url = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.getURL());
    expect(new URL(url).origin).toBe(new URL(uiUrl).origin);
    expect(new URL(window.url()).origin).toBe(new URL(uiUrl).origin);
    expect(foreign.requests).toEqual([]);
  });

  test('enforces its CSP: a frame from another origin does not even load in the UI', async () => {
    // A cross-origin frame is reported by its origin; a data: one by nothing (Chromium leaves blockedURI empty).
    const frames: Array<[string, string]> = [
      [`${foreign.origin}/framed`, foreign.origin],
      ['data:text/html,<p>framed</p>', ''],
    ];
    for (const [src, reported] of frames) {
      const violation = await window.evaluate(
        (frameSrc) =>
          new Promise<{ directive: string; blocked: string }>((done) => {
            const { document } = globalThis as unknown as RendererGlobals;
            document.addEventListener('securitypolicyviolation', (event) => done({ directive: event.effectiveDirective, blocked: event.blockedURI }));
            const frame = document.createElement('iframe');
            frame.src = frameSrc;
            document.body.append(frame);
          }),
        src,
      );
      expect(violation).toEqual({ directive: 'frame-src', blocked: reported });
    }
    expect(foreign.requests).toEqual([]);
  });

  test('answers IPC from the UI main frame only: another origin with the same preload is refused, frame or not', async () => {
    expect(await revealFrom(window)).toBe('answered false');

    // A page of another origin given the app's own preload (in its subframes too): only the sender check stands
    // between it and the native extras.
    const opened = app.waitForEvent('window');
    await app.evaluate(({ BrowserWindow }, { url, preload }) => {
      const other = new BrowserWindow({
        show: false,
        webPreferences: { preload, sandbox: true, contextIsolation: true, nodeIntegrationInSubFrames: true },
      });
      void other.loadURL(url);
    }, { url: `${foreign.origin}/outer`, preload: join(repoRoot, 'out', 'preload', 'index.js') });
    const other = await opened;
    await other.waitForLoadState('load');
    const inner = other.frames().find((frame) => frame.url().endsWith('/inner'));
    expect(inner, 'the foreign page has its iframe').toBeDefined();

    const refusal = /refused: .*inspector-native:reveal-in-folder: rejected, the sender is not the inspector UI/;
    expect(await revealFrom(other)).toMatch(refusal);
    expect(await revealFrom(inner!)).toMatch(refusal);
    await other.close();
    expect(await revealFrom(window)).toBe('answered false');
  });
});
