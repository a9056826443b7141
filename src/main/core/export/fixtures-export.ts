import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreReader } from '../store/reader';
import { buildFixture } from './fixture';
import { fixturesFormat, fixturesVersion, type FixtureManifest } from './fixture-format';
import { ProgressCounter, noProgress, type ProgressListener } from './progress';
import { redactor } from './fakes';
import { selectDeliveries, type ExportScope } from './selection';

export interface FixturesRequest {
  scope: ExportScope;
  testSecret: string | null;
  redact: boolean;
  keepSignatures: boolean;
  /** Read only when redacting. */
  redactionKey: () => string;
  onProgress?: ProgressListener;
  progressEvery?: number;
}

export interface FixturesExportRequest extends FixturesRequest {
  outDir: string;
}

/** One file of a fixtures export: its name in the folder, and its bytes. */
export interface FixtureEntry {
  name: string;
  bytes: Buffer;
}

/** Where an export goes when no folder is given: a new one under the data dir's exports/. */
export function defaultFixturesFolder(dataDir: string, now = new Date()): string {
  return join(dataDir, 'exports', fixturesFolderName(now));
}

/** The name of a fixtures folder made at `now` (and of the folder inside a downloaded archive). */
export function fixturesFolderName(now = new Date()): string {
  return `fixtures-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * The files of a fixtures export, in the order they are written: per delivery its raw .body and its JSON
 * description, then manifest.json. The selection is read (and refused, 404, when empty) before the first file;
 * `written()` counts the deliveries given so far.
 */
export async function fixtureEntries(
  store: StoreReader,
  request: FixturesRequest,
): Promise<{ total: number; entries: AsyncGenerator<FixtureEntry>; written: () => number }> {
  const { total, deliveries } = await selectDeliveries(store, request.scope);
  const files: FixtureManifest['files'] = [];
  async function* entries(): AsyncGenerator<FixtureEntry> {
    const options = {
      testSecret: request.testSecret,
      redactor: request.redact ? redactor(request.redactionKey()) : null,
      keepSignatures: request.keepSignatures,
    };
    const width = Math.max(4, String(total).length);
    const progress = new ProgressCounter(request.onProgress ?? noProgress, request.progressEvery ?? 100, total);
    try {
      for await (const delivery of deliveries()) {
        const fixture = buildFixture(delivery, files.length + 1, width, options);
        const json = `${fixture.baseName}.json`;
        const body = `${fixture.baseName}.body`;
        yield { name: body, bytes: fixture.body };
        yield { name: json, bytes: Buffer.from(JSON.stringify(fixture.json, null, 2) + '\n') };
        files.push({ json, body, bodySha256: fixture.json.bodySha256! });
        progress.advance();
      }
      const manifest: FixtureManifest = {
        format: fixturesFormat,
        version: fixturesVersion,
        created: new Date().toISOString(),
        count: files.length,
        files,
        options: {
          selection: request.scope,
          redact: request.redact,
          signatures: request.testSecret !== null ? 'resigned' : request.keepSignatures ? 'kept' : 'stripped',
          testSecret: request.testSecret,
        },
      };
      yield { name: 'manifest.json', bytes: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') };
    } finally {
      progress.finish();
    }
  }
  return { total, entries: entries(), written: () => files.length };
}

class FolderNotEmpty extends Error {
  readonly status = 409;
}

async function prepareEmptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new FolderNotEmpty(`${dir} is not empty: choose a new or empty folder`);
}

/** Writes a fixtures folder: per delivery a JSON description and its raw .body, then manifest.json. */
export async function exportFixtures(store: StoreReader, request: FixturesExportRequest): Promise<{ path: string; deliveries: number }> {
  const { entries, written } = await fixtureEntries(store, request);
  await prepareEmptyFolder(request.outDir);
  for await (const entry of entries) await writeFile(join(request.outDir, entry.name), entry.bytes);
  return { path: request.outDir, deliveries: written() };
}
