import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../store/open';
import { buildFixture } from './fixture';
import { fixturesFormat, fixturesVersion, type FixtureManifest } from './fixture-format';
import { ProgressCounter, noProgress, type ProgressListener } from './progress';
import { redactor } from './fakes';
import { selectDeliveries, type ExportScope } from './selection';

export interface FixturesExportRequest {
  scope: ExportScope;
  outDir: string;
  testSecret: string | null;
  redact: boolean;
  keepSignatures: boolean;
  /** Read only when redacting. */
  redactionKey: () => string;
  onProgress?: ProgressListener;
  progressEvery?: number;
}

/** Where an export goes when no folder is given: a new one under the data dir's exports/. */
export function defaultFixturesFolder(dataDir: string, now = new Date()): string {
  return join(dataDir, 'exports', `fixtures-${now.toISOString().replace(/[:.]/g, '-')}`);
}

class FolderNotEmpty extends Error {
  readonly status = 409;
}

async function prepareEmptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new FolderNotEmpty(`${dir} is not empty: choose a new or empty folder`);
}

/** Writes a fixtures folder: per delivery a JSON description and its raw .body, then manifest.json. */
export async function exportFixtures(db: Db, request: FixturesExportRequest): Promise<{ path: string; deliveries: number }> {
  const { total, deliveries } = selectDeliveries(db, request.scope);
  await prepareEmptyFolder(request.outDir);
  const options = {
    testSecret: request.testSecret,
    redactor: request.redact ? redactor(request.redactionKey()) : null,
    keepSignatures: request.keepSignatures,
  };
  const width = Math.max(4, String(total).length);
  const files: FixtureManifest['files'] = [];
  const progress = new ProgressCounter(request.onProgress ?? noProgress, request.progressEvery ?? 100, total);
  try {
    for (const delivery of deliveries()) {
      const fixture = buildFixture(delivery, files.length + 1, width, options);
      const json = `${fixture.baseName}.json`;
      const body = `${fixture.baseName}.body`;
      await writeFile(join(request.outDir, body), fixture.body);
      await writeFile(join(request.outDir, json), JSON.stringify(fixture.json, null, 2) + '\n');
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
    await writeFile(join(request.outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  } finally {
    progress.finish();
  }
  return { path: request.outDir, deliveries: files.length };
}
