import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli, spawnProgram } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { readTrace, type TracedCall } from '../support/strace';
import { tempDataDir } from '../support/temp-dir';

/**
 * "Every 2xx is on disk", observed in a real run's system calls. The writer commits deliveries without a sync of
 * their own (synchronous=NORMAL) and the WAL is synced apart (store/sqlite/wal-sync.ts), so the promise rests on
 * the order of three system calls per delivery: the WAL frame that commits its transaction is written, then a sync
 * of the WAL begins and ends, then the first byte of its 2xx is written. `serve` runs under strace (every thread);
 * each delivery's body carries a marker, found in the first WAL page that holds it, which names its transaction.
 */

const deliveries = 150;
const { dataDirs, running } = cleanedUpAfterAll();

/** The WAL's transactions in the trace: each page write, and when the write of its commit frame returned. */
function walTransactions(walWrites: TracedCall[]) {
  const pages: Array<{ write: TracedCall; transaction: { committed: number | null } }> = [];
  let transaction: { committed: number | null } = { committed: null };
  let commitFrameNext = false;
  for (const write of walWrites) {
    // A frame is its 24-byte header (bytes 4-7: the database's size in pages after a commit, else 0), then its page.
    if (write.data.length === 24) {
      commitFrameNext = write.data.readUInt32BE(4) !== 0;
      continue;
    }
    if (write.data.length === 32) continue; // the WAL's own header, when it starts again
    pages.push({ write, transaction });
    if (commitFrameNext) {
      transaction.committed = write.returned;
      transaction = { committed: null };
      commitFrameNext = false;
    }
  }
  return pages;
}

describe('durability: every 2xx is on disk', () => {
  it('syncs the WAL after the commit of each delivery and before the first byte of its 2xx', async () => {
    execFileSync('strace', ['-V']); // strace is one of CI's Debian packages (.ci/run)
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const trace = join(dataDir, 'trace.txt');
    const serve = await spawnProgram(
      'strace',
      ['-f', '-y', '-xx', '-s', '8192', '-e', 'trace=pwrite64,write,writev,fdatasync,fsync', '-o', trace,
        process.execPath, builtCli, 'serve', '--data-dir', dataDir, '--port', '0', '--http-port', '0', '--ui-port', '0',
        '--secret', testSecret, '--no-simulator'],
      'UI',
    );
    running.add(serve);
    // The inspector is strace's child: it is the one to stop (strace ends with it).
    const inspectorPid = Number(readFileSync(`/proc/${serve.child.pid}/task/${serve.child.pid}/children`, 'utf8').trim().split(' ')[0]);
    const receiver = serve.lines['Receiver (HTTP)']!;

    const markers = Array.from({ length: deliveries }, (_, i) => `durable-probe-${String(i).padStart(4, '0')}`);
    let ids: number[];
    try {
      ids = await Promise.all(
        markers.map(async (marker) => {
          const body = giftCardBody({ recipient_name: marker, recipient_uuid: randomUUID() });
          const res = await fetch(`${receiver}/webhooks`, { method: 'POST', headers: serviceHeaders(body), body });
          expect(res.status).toBe(200);
          return Number(res.headers.get('x-inspector-delivery-id'));
        }),
      );
    } finally {
      process.kill(inspectorPid, 'SIGTERM');
    }
    expect(await serve.exited).toBe(0);
    running.delete(serve);

    const calls = readTrace(trace);
    const wal = join(dataDir, 'inspector.sqlite3-wal');
    const pages = walTransactions(calls.filter((c) => c.name === 'pwrite64' && c.path === wal));
    const walSyncs = calls.filter((c) => (c.name === 'fdatasync' || c.name === 'fsync') && c.path === wal && c.result === 0);
    const answers = calls.filter((c) => (c.name === 'write' || c.name === 'writev') && c.path?.startsWith('socket:') && c.data.subarray(0, 10).toString() === 'HTTP/1.1 2');
    expect(pages.length).toBeGreaterThan(0);

    const unsynced = markers.flatMap((marker, i) => {
      const page = pages.find((p) => p.write.data.includes(marker));
      const answer = answers.find((a) => a.data.includes(`X-Inspector-Delivery-Id: ${ids[i]}\r\n`));
      if (!page || page.transaction.committed === null || !answer) return [`${marker}: ${!page ? 'never written to the WAL' : !answer ? 'no 2xx written' : 'its transaction never committed'}`];
      const committed = page.transaction.committed;
      const synced = walSyncs.some((sync) => sync.entered > committed && sync.returned < answer.entered);
      return synced ? [] : [`${marker} (id ${ids[i]}): no sync of the WAL between its commit (trace line ${committed}) and its 2xx (line ${answer.entered})`];
    });
    expect(unsynced).toEqual([]);
    // Several deliveries share a commit and a sync (group commit): fewer syncs than deliveries.
    expect(walSyncs.length).toBeLessThan(deliveries);
  }, 120_000);
});
