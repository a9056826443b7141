import { describe, expect, it } from 'vitest';
import { curlCommand } from '../../../src/main/core/export/curl';
import { printfBytesArgument, shellWord } from '../../../src/main/core/export/shell-quote';

const request = {
  method: 'POST',
  headers: [
    ['Host', '127.0.0.1:8443'],
    ['Content-Type', 'application/json'],
    ['Content-Length', '2'],
    ['X-Service-Signature', 'sha256=ab'],
    ['X-Empty', ''],
  ] as Array<[string, string]>,
  body: Buffer.from('{}'),
};

describe('copy as cURL', () => {
  it('sends the body on stdin and keeps every header but the connection-level ones', () => {
    const command = curlCommand(request, 'http://localhost:3000/webhooks?x=1');
    expect(command.startsWith("printf '%b' '{}' | curl -sS")).toBe(true);
    expect(command).toContain("'http://localhost:3000/webhooks?x=1'");
    expect(command).toContain("-H 'Content-Type: application/json'");
    expect(command).toContain("-H 'X-Service-Signature: sha256=ab'");
    expect(command).toContain("-H 'X-Empty;'");
    expect(command).not.toMatch(/Host:|Content-Length/);
    // curl's own defaults are turned off when the original had none.
    expect(command).toContain("-H 'User-Agent:'");
    expect(command).toContain("-H 'Accept:'");
    expect(command).toContain('--data-binary @-');
    expect(command).not.toContain(' -k');
    expect(command).not.toContain('-X');
  });

  it('accepts the self-signed certificate only for an https localhost target', () => {
    expect(curlCommand(request, 'https://127.0.0.1:8443/w')).toContain(' -k');
    expect(curlCommand(request, 'https://localhost/w')).toContain(' -k');
    expect(curlCommand(request, 'https://example.com/w')).not.toContain(' -k');
    expect(curlCommand(request, 'http://127.0.0.1/w')).not.toContain(' -k');
  });

  it('names other methods, and sends an empty POST body', () => {
    expect(curlCommand({ ...request, method: 'PUT' }, 'http://h/')).toContain("-X 'PUT'");
    const empty = curlCommand({ ...request, body: Buffer.alloc(0) }, 'http://h/');
    expect(empty.startsWith('curl ')).toBe(true);
    expect(empty).toContain("--data-binary ''");
  });

  it('escapes bytes and quotes for the shell', () => {
    expect(printfBytesArgument(Buffer.from([0x61, 0x27, 0x5c, 0x0a, 0x00, 0xff, 0x25]))).toBe("'a\\0047\\\\\\0012\\0000\\0377%'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('caf\u00e9')).toBe(`"$(printf '%b' 'caf\\0351')"`);
  });
});
