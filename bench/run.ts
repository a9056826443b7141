/**
 * The benchmarks of issue 7, each beside its baselines and goals (bench/README.md):
 *
 *   npm run bench                        # ingest, export/import, scale, arrival to screen
 *   BENCH_ONLY=ingest npm run bench      # one or more of ingest, transfer, scale, arrival, catchup, streams, retention, growth, storebytes, commitpages, analysis, storm, importmemory, pgloop, reconcile, servememory (comma-separated)
 *
 * The same bundle is also every child process's entry: the first argument says which.
 */
import { arrivalCoreChild, runArrival } from './arrival';
import { receiverChild } from './ingest-receivers';
import { loadChild } from './ingest-load';
import { runIngest, runServeMemory } from './ingest';
import { measureChild, runScale } from './scale';
import { runTransfer, transferChild, transferPartsChild } from './transfer';
import { catchupCoreChild, runCatchup } from './relay-catchup';
import { runStreams, streamsReadersChild, streamsSenderChild } from './relay-streams';
import { runRetention } from './retention';
import { runGrowth } from './growth';
import { runStoreBytes } from './store-bytes';
import { runCommitPages } from './commit-pages';
import { runAnalysis } from './analysis';
import { runStorm } from './duplicate-storm';
import { importMemoryCoreChild, runImportMemory } from './import-memory';
import { runPgLoop } from './postgres-loop';
import { runReconcile } from './reconcile';

const benchmarks = {
  ingest: runIngest,
  transfer: runTransfer,
  scale: runScale,
  arrival: runArrival,
  catchup: runCatchup,
  streams: runStreams,
  retention: runRetention,
  growth: runGrowth,
  storebytes: runStoreBytes,
  commitpages: runCommitPages,
  analysis: runAnalysis,
  storm: runStorm,
  importmemory: runImportMemory,
  pgloop: runPgLoop,
  reconcile: runReconcile,
  servememory: runServeMemory,
} as const;
type Name = keyof typeof benchmarks;

const children: Record<string, (arg: string) => unknown> = {
  '--scale-measure': measureChild,
  '--ingest-receiver': receiverChild,
  '--ingest-load': loadChild,
  '--transfer': transferChild,
  '--transfer-parts': transferPartsChild,
  '--arrival-core': arrivalCoreChild,
  '--catchup-core': catchupCoreChild,
  '--streams-sender': streamsSenderChild,
  '--streams-readers': streamsReadersChild,
  '--import-memory-core': importMemoryCoreChild,
};

async function main(): Promise<void> {
  const child = children[process.argv[2] ?? ''];
  if (child) {
    await child(process.argv[3]!);
    return;
  }
  const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only.filter((name) => !(name in benchmarks));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown benchmark ${unknown.join(', ')} (known: ${Object.keys(benchmarks).join(', ')})`);
  const selected = (Object.keys(benchmarks) as Name[]).filter((name) => only.length === 0 || only.includes(name));
  const missed: string[] = [];
  for (const name of selected) {
    console.log(`\n=== ${name} ===`);
    missed.push(...(await benchmarks[name]()).map((metric) => `${name}: ${metric}`));
  }
  console.log(missed.length ? `\nMissed goals (${missed.length}):\n${missed.map((m) => `  ${m}`).join('\n')}` : '\nEvery goal met.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
