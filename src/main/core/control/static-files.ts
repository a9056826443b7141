import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Serves the built renderer; unknown non-asset paths get index.html (the UI routes itself). */
export async function serveStatic(rootDir: string, urlPath: string, res: ServerResponse, headers: Record<string, string>) {
  let relative = '';
  try {
    relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
    let file = join(rootDir, relative);
    if (!file.startsWith(rootDir + sep) || !extname(relative)) file = join(rootDir, 'index.html');
    const content = await readFile(file);
    const isIndex = file.endsWith('index.html');
    res.writeHead(200, {
      ...headers,
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
    });
    res.end(content);
  } catch {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(relative.startsWith('assets') || extname(relative) ? 'not found' : 'The UI is not built: run npm run build.');
  }
}
