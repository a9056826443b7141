export interface Figure {
  metric: string;
  unit: 'ms' | 'MB' | '×' | 's' | 'req/s' | '%' | '';
  median: number;
  min: number;
  max: number;
  runs: number;
  /** The goal: an upper bound, or a lower bound when `atLeast`. */
  goal: number | null;
  /** The goal is a lower bound (throughput, ratios to a baseline). */
  atLeast?: boolean;
  baseline: number | null;
  baselineNote?: string;
  note?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface TimingOptions {
  runs: number;
  /** Stop early (after at least minRuns) once this much time went into the runs. */
  budgetMs: number;
  minRuns: number;
}

/** Runs `fn` once to warm up, then up to `runs` timed times; `fn` gets the run index (to vary its input). */
export function time(fn: (run: number) => unknown, options: TimingOptions): number[] {
  fn(-1);
  const samples: number[] = [];
  let spent = 0;
  for (let run = 0; run < options.runs; run++) {
    const start = process.hrtime.bigint();
    fn(run);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    samples.push(ms);
    spent += ms;
    if (spent > options.budgetMs && samples.length >= options.minRuns) break;
  }
  return samples;
}

export function passes(f: Figure): boolean | null {
  if (f.goal === null) return null;
  return f.atLeast ? f.median >= f.goal : f.median <= f.goal;
}

/** Min, median and max of samples. */
export function spread(samples: number[]): Pick<Figure, 'median' | 'min' | 'max' | 'runs'> {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: samples.length };
}

/** The value at quantile q (0..1) of sorted values, nearest rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function num(value: number | null, unit: string): string {
  if (value === null) return '—';
  if (unit === 'req/s' || (unit === '' && Number.isInteger(value))) {
    return `${Math.round(value).toLocaleString('en')}${unit ? ` ${unit}` : ''}`;
  }
  if (unit === '%') return `${(value * 100).toFixed(1)} %`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3;
  return `${value.toFixed(digits)}${unit === '×' ? '×' : unit ? ` ${unit}` : ''}`;
}

/** metric | median | min | max | goal | baseline | ratio (median / goal) | pass/FAIL; '%' figures are fractions. */
export function table(figures: Figure[]): string {
  const header = ['metric', 'median', 'min', 'max', 'goal', 'baseline', 'ratio', 'result'];
  const rows = figures.map((f) => {
    const ok = passes(f);
    return [
      f.metric,
      num(f.median, f.unit),
      num(f.min, f.unit),
      num(f.max, f.unit),
      f.goal === null ? '—' : `${f.atLeast ? '≥' : '≤'} ${num(f.goal, f.unit)}`,
      f.baseline === null ? '—' : num(f.baseline, f.unit),
      f.goal === null ? '—' : `${(f.median / f.goal).toFixed(2)}`,
      ok === null ? 'info' : ok ? 'pass' : 'FAIL',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
