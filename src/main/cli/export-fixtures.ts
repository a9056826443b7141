import { mkdirSync } from 'node:fs';
import { z } from 'zod';
import { defaultFixturesFolder, exportFixtures } from '../core/export/fixtures-export';
import { harChunks } from '../core/export/har';
import { receiverOriginOf, type ReceiverUrls } from '../core/export/receiver-origin';
import { loadOrCreateRedactionKey } from '../core/export/redaction-key';
import { selectDeliveries, type ExportScope } from '../core/export/selection';
import { fileSecretStore } from '../core/signing-secret';
import type { StoreReader } from '../core/store/reader';
import { version } from '../core/start-core';
import { cliProgressEvery, progressLine } from './progress-line';
import { reportExport, writeLines } from './store-output';

export interface FixturesFlags {
  out?: string;
  testSecret?: string;
  redact: boolean;
  stripSignatures: boolean;
}

/**
 * `export --format fixtures`: writes the folder and prints its path. The signing secret compared with --test-secret
 * and the redaction key are the data dir's, whichever engine keeps the store.
 */
export async function writeFixturesFolder(store: StoreReader, dataDir: string, scope: ExportScope, flags: FixturesFlags): Promise<void> {
  if (flags.testSecret !== undefined && flags.testSecret === fileSecretStore(dataDir, 'signing-secret').load()) {
    throw new Error('--test-secret must differ from the signing secret: the real one never goes into fixtures');
  }
  const result = await exportFixtures(store, {
    scope,
    outDir: flags.out ?? defaultFixturesFolder(dataDir),
    testSecret: flags.testSecret ?? null,
    redact: flags.redact,
    keepSignatures: !flags.stripSignatures,
    redactionKey: () => {
      // A PostgreSQL store's command may run before this machine has a data dir of its own.
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      return loadOrCreateRedactionKey(dataDir);
    },
    onProgress: progressLine('export'),
    progressEvery: cliProgressEvery,
  });
  console.log(result.path);
  reportExport(result.deliveries, 'delivery', 'fixtures', result.path);
}

const SavedPorts = z.object({ https: z.number().int(), http: z.number().int().nullable() });

/** The receiver's URLs from its saved ports (the CLI runs without it), unless --base-url says otherwise. */
function receiverUrls(store: StoreReader, baseUrl: string | undefined): ReceiverUrls {
  if (baseUrl !== undefined) return { https: baseUrl.replace(/\/+$/, ''), http: null };
  const ports = store.settings.read('receiverPorts', SavedPorts);
  return {
    https: `https://127.0.0.1:${ports?.https ?? 8443}`,
    http: ports?.http ? `http://127.0.0.1:${ports.http}` : null,
  };
}

/** `export --format har`: HAR 1.2 to a file or stdout, streamed entry by entry. */
export async function writeHar(store: StoreReader, scope: ExportScope, out: string | undefined, baseUrl: string | undefined): Promise<void> {
  const { total, deliveries } = await selectDeliveries(store, scope);
  await writeLines(harChunks(deliveries(), receiverOriginOf(receiverUrls(store, baseUrl)), version), out);
  reportExport(total, 'delivery', 'HAR', out);
}
