import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/csp';
import { IPC_CHANNELS } from '../../src/main/electron/ipc-channels';
import { isAllowedExternalUrl, isOnOrigin, isTrustedSender } from '../../src/main/electron/url-rules';
import { windowOptions } from '../../src/main/electron/window-options';

const source = (path: string) => readFileSync(resolve(__dirname, '../..', path), 'utf8');
const uiOrigin = 'http://127.0.0.1:43123';

describe('window options', () => {
  it('isolate and sandbox the renderer', () => {
    const prefs = windowOptions('/app/out/preload/index.js', false).webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('follow the OS theme for the background', () => {
    expect(windowOptions('p', true).backgroundColor).not.toBe(windowOptions('p', false).backgroundColor);
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

  it('exposes exactly the three actions, each on its own fixed channel', () => {
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(preload).toContain("exposeInMainWorld('inspectorNative', inspectorNative)");
    for (const action of ['saveFile', 'revealInFolder', 'openExternal'] as const) {
      expect(preload).toMatch(new RegExp(`\\b${action}: \\([^)]*\\) => ipcRenderer\\.invoke\\(IPC_CHANNELS\\.${action},`));
    }
    expect(preload.match(/ipcRenderer\.\w+/g)).toHaveLength(3);
    expect(preload).not.toMatch(/invoke\(\s*channel|ipcRenderer\.(send|on|sendSync|postMessage)\b|\.\.\.args/);
  });

  it('uses distinct channels, all handled behind the sender check in main', () => {
    const channels = Object.values(IPC_CHANNELS);
    expect(new Set(channels).size).toBe(3);
    const ipc = source('src/main/electron/ipc.ts');
    expect(ipc.match(/ipcMain\.handle\(/g)).toHaveLength(1);
    for (const action of Object.keys(IPC_CHANNELS)) expect(ipc).toContain(`handleFromUi(IPC_CHANNELS.${action},`);
  });
});
