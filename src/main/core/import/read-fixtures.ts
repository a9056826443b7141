import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeBody } from '../export/body-text';
import { FixtureFile, FixtureManifest } from '../export/fixture-format';
import { checkedDigest } from './body-digest';
import { describeIssues } from './describe-issues';
import { parseTime, withoutByteOrderMark, type ImportSource, type ReadOutcome } from './import-item';

class NotFixtures extends Error {
  readonly status = 400;
}

/** The fixture JSON files in import order: the manifest's (arrival order), else by name. */
async function fixtureFiles(dir: string, label: string): Promise<Array<{ json: string; body: string | null }>> {
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    let json: unknown;
    try {
      json = JSON.parse(withoutByteOrderMark(await readFile(manifestFile, 'utf8')));
    } catch {
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

async function bodyBytes(dir: string, fixture: FixtureFile, listedBody: string | null): Promise<Buffer | string> {
  const name = listedBody ?? fixture.bodyFile;
  if (name !== undefined) {
    const file = ownFile(dir, name);
    if (file === null) return `body file "${name}" is not a plain file name`;
    if (existsSync(file)) return readFile(file);
  }
  return decodeBody(fixture.body, fixture.bodyEncoding);
}

async function fixtureOutcome(dir: string, entry: { json: string; body: string | null }): Promise<ReadOutcome> {
  const where = entry.json;
  const file = ownFile(dir, entry.json);
  if (file === null) return { where, error: 'not a plain file name' };
  let json: unknown;
  try {
    json = JSON.parse(withoutByteOrderMark(await readFile(file, 'utf8')));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { where, error: code ? `cannot be read (${code})` : 'not valid JSON' };
  }
  const parsed = FixtureFile.safeParse(json);
  if (!parsed.success) return { where, error: describeIssues(parsed.error) };
  const fixture = parsed.data;
  const body = await bodyBytes(dir, fixture, entry.body);
  if (typeof body === 'string') return { where, error: body };
  const digest = checkedDigest(body, fixture.bodySha256);
  if ('error' in digest) return { where, error: digest.error };
  return {
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
export async function fixturesSource(dir: string, label = dir): Promise<ImportSource> {
  const files = await fixtureFiles(dir, label);
  async function* outcomes(): AsyncGenerator<ReadOutcome> {
    for (const entry of files) yield await fixtureOutcome(dir, entry);
  }
  return { total: files.length, outcomes: outcomes() };
}
