/**
 * Two commits' benchmarks in one run, interleaved, each figure beside its counterpart:
 *
 *   npm run bench:side-by-side -- --base 7df1ff9                      # ingest, retention, catchup
 *   npm run bench:side-by-side -- --base main --only ingest --rounds 2
 *
 * The base commit is extracted with `git archive` under /var/tmp/wi-bench/<commit>/ (kept for the next run; a short
 * path, since PostgreSQL's socket path deep in a benchmark's data dir must stay under 108 bytes; one the postgres
 * user may enter; on the disk, not a tmpfs, where fsync would cost nothing) and shares this checkout's node_modules. Each tree's benchmark bundle is built from its own bench/vite
 * config, then the benchmarks run in turns (base then this tree, then the other way round in the next round), so
 * a machine that grows busier weighs on both alike. The environment (BENCH_INGEST_RUNS, …) goes to both.
 * Figures are read from what each benchmark prints: its table rows and its summary lines.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    only: { type: 'string', default: 'ingest,retention,catchup' },
    rounds: { type: 'string', default: '1' },
  },
});
if (!values.base) {
  console.error('usage: npm run bench:side-by-side -- --base <commit> [--only ingest,retention,catchup] [--rounds N]');
  process.exit(2);
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive integer, not "${values.rounds}"`);
const names = values.only.split(',').map((name) => name.trim()).filter(Boolean);

const here = resolve('.');
const git = (...args) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();
const baseCommit = git('rev-parse', '--verify', `${values.base}^{commit}`);
const headCommit = git('rev-parse', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';

function extractBase() {
  const dir = join('/var/tmp', 'wi-bench', baseCommit.slice(0, 7));
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${baseCommit} | tar -x -C '${dir}'`], { cwd: here, stdio: 'inherit' });
  }
  // The base runs on this tree's packages; a link left by a checkout since removed is made again.
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    rmSync(modules, { force: true });
    symlinkSync(join(here, 'node_modules'), modules);
  }
  return dir;
}

const trees = [
  { label: `base ${baseCommit.slice(0, 7)}`, dir: extractBase() },
  { label: `this ${headCommit.slice(0, 7)}${dirty ? '+' : ''}`, dir: here },
];

for (const tree of trees) {
  tree.bundle = join(here, 'node_modules', '.cache', 'side-by-side-bundle', tree === trees[0] ? 'base' : 'this');
  console.log(`building the benchmark of ${tree.label}`);
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.config.mjs', '--outDir', tree.bundle, '--emptyOutDir'], {
    cwd: tree.dir,
    stdio: 'inherit',
  });
}

/** Runs one benchmark of one tree, echoing its output; resolves with what it printed. */
function runOne(tree, name) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(tree.bundle, 'run.mjs')], {
      cwd: tree.dir,
      env: { ...process.env, BENCH_ONLY: name },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${tree.label}] `));
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise(text) : reject(new Error(`${tree.label} ${name} exited with ${code}`))));
  });
}

const tableRow = /^\| (.+?) +\| (\S[^|]*?) +\|/;
const summaryLine = /^(p99 ack at .+?: without pruning) ([\d.]+ ms), while pruning ([\d.]+ ms)/;

/** metric -> median as printed, from a benchmark's output. */
function figures(text) {
  const found = new Map();
  for (const line of text.split('\n')) {
    const summary = summaryLine.exec(line);
    if (summary) {
      found.set(summary[1], summary[2]);
      found.set(`${summary[1].replace('without pruning', 'while pruning')}`, summary[3]);
      continue;
    }
    const row = tableRow.exec(line);
    if (row && row[1] !== 'metric' && !row[1].startsWith('-')) found.set(row[1], row[2]);
  }
  return found;
}

const leadingNumber = (text) => Number.parseFloat(text.replace(/,/g, ''));
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = new Map(names.map((name) => [name, trees.map(() => [])]));
for (let round = 0; round < rounds; round++) {
  for (const name of names) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      console.log(`\n=== ${name}, round ${round + 1} of ${rounds}: ${trees[index].label} ===`);
      results.get(name)[index].push(figures(await runOne(trees[index], name)));
    }
  }
}

console.log(`\n=== side by side: ${trees[0].label} and ${trees[1].label}, ${rounds} round(s), medians of the rounds ===`);
for (const name of names) {
  const [baseRuns, headRuns] = results.get(name);
  const metrics = [...new Set([...baseRuns, ...headRuns].flatMap((run) => [...run.keys()]))];
  const rows = metrics.map((metric) => {
    const of = (runs) => runs.map((run) => run.get(metric)).filter((value) => value !== undefined);
    const [base, head] = [of(baseRuns), of(headRuns)];
    const unit = (head[0] ?? base[0] ?? '').replace(/^[-\d.,]+\s*/, '');
    const [b, h] = [base, head].map((values) => (values.length ? median(values.map(leadingNumber)) : NaN));
    const show = (value) => (Number.isNaN(value) ? '—' : `${+value.toPrecision(4)}${unit ? ` ${unit}` : ''}`);
    return [metric, show(b), show(h), Number.isFinite(b / h) && b !== 0 ? `${(h / b).toFixed(2)}` : '—'];
  });
  const header = ['metric', trees[0].label, trees[1].label, 'this / base'];
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${name}\n${[line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')}`);
}
