import { open, stat } from 'node:fs/promises';
import type { ImportSource } from './import-item';
import type { ImportLimits } from './import-limits';
import { fixturesSource } from './read-fixtures';
import { harSource } from './read-har';
import { ndjsonSource } from './read-ndjson';

class UnreadablePath extends Error {
  readonly status = 400;
}

async function firstBytes(file: string, count: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A folder is a fixtures folder; a file is HAR when it is one JSON object under "log", else NDJSON. */
export async function openImportSource(path: string, limits: ImportLimits): Promise<ImportSource> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadablePath(`${path} cannot be read (${error.code ?? error.message})`);
  });
  if (info.isDirectory()) return fixturesSource(path, limits);
  if (!info.isFile()) throw new UnreadablePath(`${path} is neither a file nor a folder`);
  const start = await firstBytes(path, 4096);
  if (/\.har$/i.test(path) || /^\s*\{\s*"log"\s*:/.test(start)) return harSource(path, limits);
  return ndjsonSource(path, limits);
}
