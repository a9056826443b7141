import { existsSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeBody } from '../export/body-text';
import { FixtureFile, FixtureManifest } from '../export/fixture-format';
import { checkedDigest } from './body-digest';
import { describeIssues } from './describe-issues';
import { parseTime, withoutByteOrderMark, type ImportSource, type ReadOutcome } from './import-item';
import { entryBound, overLimit, type ImportLimits } from './import-limits';

class NotFixtures extends Error {
  readonly status = 400;
}

/** A manifest lists a few hundred bytes per fixture: this is room for hundreds of thousands. */
const manifestBoundBytes = 64 * 1024 * 1024;

/** A file's bytes, or its size when that is more than `maxBytes` (then it is not read). */
async function readBounded(file: string, maxBytes: number): Promise<Buffer | { size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return { size };
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

class TooLong extends Error {}

const textOf = (read: Buffer | { size: number }, what: string, maxBytes: number): string => {
  if (!Buffer.isBuffer(read)) throw new TooLong(`${what} is ${read.size} bytes, more than the ${maxBytes} it may be`);
  return read.toString('utf8');
};

/** The fixture JSON files in import order: the manifest's (arrival order), else by name. */
async function fixtureFiles(dir: string, label: string): Promise<Array<{ json: string; body: string | null }>> {
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    let json: unknown;
    try {
      json = JSON.parse(withoutByteOrderMark(textOf(await readBounded(manifestFile, manifestBoundBytes), 'manifest.json', manifestBoundBytes)));
    } catch (error) {
      if (error instanceof TooLong) throw new NotFixtures(`${join(label, 'manifest.json')}: ${error.message}`);
      throw new NotFixtures(`${join(label, 'manifest.json')} is not valid JSON`);
    }
    const manifest = FixtureManifest.safeParse(json);
    if (!manifest.success) throw new NotFixtures(`${join(label, 'manifest.json')} is not a fixtures manifest (${describeIssues(manifest.error)})`);
    return manifest.data.files.map((f) => ({ json: f.json, body: f.body }));
  }
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  if (names.length === 0) throw new NotFixtures(`${label} holds no manifest.json and no fixture .json files`);
  return names.map((json) => ({ json, body: null }));
}

// A manifest or fixture names files of its own folder, never a path elsewhere.
export function ownFile(dir: string, name: string): string | null {
  return name === basename(name) && name !== '..' && name !== '.' ? join(dir, name) : null;
}

async function bodyBytes(dir: string, fixture: FixtureFile, listedBody: string | null, limits: ImportLimits): Promise<Buffer | string> {
  const name = listedBody ?? fixture.bodyFile;
  if (name !== undefined) {
    const file = ownFile(dir, name);
    if (file === null) return `body file "${name}" is not a plain file name`;
    if (existsSync(file)) {
      // Held to the body limit before it is read: an archive's body file may be as large as the archive unpacks to.
      const read = await readBounded(file, limits.bodyLimitBytes);
      return Buffer.isBuffer(read) ? read : overLimit(read.size, limits);
    }
  }
  const body = decodeBody(fixture.body, fixture.bodyEncoding);
  return body.byteLength > limits.bodyLimitBytes ? overLimit(body.byteLength, limits) : body;
}

async function fixtureOutcome(dir: string, entry: { json: string; body: string | null }, limits: ImportLimits): Promise<ReadOutcome> {
  const where = entry.json;
  const file = ownFile(dir, entry.json);
  if (file === null) return { where, error: 'not a plain file name' };
  let json: unknown;
  try {
    const bound = entryBound(limits);
    const read = await readBounded(file, bound);
    // The JSON holds the body too when there is no .body file: as long as any delivery within the body limit takes, at most.
    if (!Buffer.isBuffer(read)) return { where, error: `${read.size} bytes, more than the ${bound} a fixture within the body limit of ${limits.bodyLimitBytes} bytes takes; not read` };
    json = JSON.parse(withoutByteOrderMark(read.toString('utf8')));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { where, error: code ? `cannot be read (${code})` : 'not valid JSON' };
  }
  const parsed = FixtureFile.safeParse(json);
  if (!parsed.success) return { where, error: describeIssues(parsed.error) };
  const fixture = parsed.data;
  const body = await bodyBytes(dir, fixture, entry.body, limits);
  if (typeof body === 'string') return { where, error: body };
  const digest = checkedDigest(body, fixture.bodySha256);
  if ('error' in digest) return { where, error: digest.error };
  return {
    where,
    item: {
      raw: { method: fixture.method, path: fixture.path, query: fixture.query, headers: fixture.headers, body, bodyTruncated: fixture.bodyTruncated },
      receivedAt: parseTime(fixture.receivedAt)!,
      remoteAddress: null,
      tls: fixture.tls,
      response: fixture.response ? { ...fixture.response, body: '' } : null,
      bodySha256: digest.sha256,
    },
  };
}

/**
 * A fixtures folder: each fixture's JSON, with its bytes from the .body file (the JSON's body when it is missing).
 * `label` names the folder in messages (an upload's name rather than where it was unpacked).
 */
export async function fixturesSource(dir: string, limits: ImportLimits, label = dir): Promise<ImportSource> {
  const files = await fixtureFiles(dir, label);
  async function* outcomes(): AsyncGenerator<ReadOutcome> {
    for (const entry of files) yield await fixtureOutcome(dir, entry, limits);
  }
  return { total: files.length, outcomes: outcomes() };
}
