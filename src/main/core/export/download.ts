import type { Readable } from 'node:stream';
import type { TransferExportRequest } from '../../../shared/fixtures';
import { fixturesArchive } from './fixtures-archive';
import { fixtureEntries, fixturesFolderName } from './fixtures-export';
import { harChunks } from './har';
import { ndjsonLines } from './ndjson';
import { receiverOriginOf } from './receiver-origin';
import { selectDeliveries } from './selection';
import { fixturesRequest } from './fixtures-request';
import type { TransferDeps } from './transfer-deps';

type ExportRequest = ReturnType<typeof TransferExportRequest.parse>;

export interface Download {
  filename: string;
  contentType: string;
  body: Readable | AsyncIterable<string>;
  /** Deliveries written, once the body is done. */
  count: () => number;
}

async function* counted(lines: AsyncIterable<string>, counter: { count: number }): AsyncGenerator<string> {
  for await (const line of lines) {
    counter.count += 1;
    yield line;
  }
}

/**
 * An export as a download: its file name, type and body, streamed as the store is read (the same content as the
 * CLI's `export --format …`). An empty selection is refused (404) before the first byte. `holdsSecret`: see fixturesRequest.
 */
export async function download(deps: TransferDeps, request: ExportRequest, now: Date, holdsSecret = true): Promise<Download> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  if (request.format === 'fixtures') {
    const folder = fixturesFolderName(now);
    const { entries, written } = await fixtureEntries(deps.store, fixturesRequest(deps, request, holdsSecret));
    return { filename: `${folder}.tar.gz`, contentType: 'application/gzip', body: fixturesArchive(entries, folder), count: written };
  }
  if (request.format === 'har') {
    const { total, deliveries } = await selectDeliveries(deps.store, request.selection);
    const chunks = harChunks(deliveries(), receiverOriginOf(deps.receiverUrls()), deps.version);
    return { filename: `deliveries-${stamp}.har`, contentType: 'application/json', body: chunks, count: () => total };
  }
  const counter = { count: 0 };
  const lines = counted(ndjsonLines(deps.store), counter);
  return { filename: `deliveries-${stamp}.ndjson`, contentType: 'application/x-ndjson', body: lines, count: () => counter.count };
}
