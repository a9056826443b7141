import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative, resolve } from 'node:path';

/**
 * Summarizes a V8 .cpuprofile (node --cpu-prof): self time by source file and by function, and inclusive
 * time by function. Positions in the bundle (run.mjs) are mapped back to the sources with its source map.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source map v3: per generated line, segments [column, source, line]. */
class SourceMap {
  private readonly lines: Array<Array<[number, number, number]>> = [];
  private readonly sources: string[];

  constructor(file: string) {
    const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string };
    const dir = resolve(file, '..', map.sourceRoot ?? '');
    this.sources = map.sources.map((s) => relative(process.cwd(), resolve(dir, s)));
    let source = 0;
    let line = 0;
    for (const text of map.mappings.split(';')) {
      const segments: Array<[number, number, number]> = [];
      let column = 0;
      for (const segment of text.split(',')) {
        if (!segment) continue;
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const ch of segment) {
          const digit = base64.indexOf(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >> 1) : value >> 1);
            value = 0;
            shift = 0;
          }
        }
        column += values[0]!;
        if (values.length >= 4) {
          source += values[1]!;
          line += values[2]!;
          segments.push([column, source, line]);
        }
      }
      this.lines.push(segments);
    }
  }

  /** The source file and line (1-based) of a 0-based generated position. */
  find(line: number, column: number): string | null {
    const segments = this.lines[line];
    if (!segments?.length) return null;
    let best = segments[0]!;
    for (const s of segments) {
      if (s[0] > column) break;
      best = s;
    }
    return `${this.sources[best[1]]}:${best[2] + 1}`;
  }
}

function where(frame: CallFrame, maps: Map<string, SourceMap | null>): string {
  if (!frame.url) return '(native)';
  if (!maps.has(frame.url)) {
    let map: SourceMap | null = null;
    try {
      const file = fileURLToPath(frame.url);
      if (existsSync(`${file}.map`)) map = new SourceMap(`${file}.map`);
    } catch {
      map = null;
    }
    maps.set(frame.url, map);
  }
  const map = maps.get(frame.url);
  const mapped = map?.find(frame.lineNumber, frame.columnNumber);
  if (mapped) return mapped;
  const path = frame.url.startsWith('file://') ? relative(process.cwd(), fileURLToPath(frame.url)) : frame.url;
  return `${path}:${frame.lineNumber + 1}`;
}

function fileOf(location: string): string {
  const colon = location.lastIndexOf(':');
  const file = colon > 0 && /^\d+$/.test(location.slice(colon + 1)) ? location.slice(0, colon) : location;
  const modules = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return modules ? `node_modules/${modules[1]}` : file;
}

export function summarizeProfile(file: string, per?: { items: number; itemName: string }, top = 20): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const maps = new Map<string, SourceMap | null>();
  const keyOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const name = f.functionName || (f.url ? '(anonymous)' : '');
    keyOf.set(node.id, f.url ? `${name} ${where(f, maps)}` : name || '(anonymous)');
  }

  const selfByKey = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const key = keyOf.get(id)!;
    selfByKey.set(key, (selfByKey.get(key) ?? 0) + ms);
    const frame = byId.get(id)!.callFrame;
    const group = frame.url ? fileOf(where(frame, maps)) : key.startsWith('(') ? key : `(native) ${key}`;
    selfByFile.set(group, (selfByFile.get(group) ?? 0) + ms);
  }

  // Inclusive time: a node's self time counts once for every distinct function on its stack.
  const inclusive = new Map<string, number>();
  const root = profile.nodes[0]!;
  const onStack = new Map<string, number>();
  const visit = (node: ProfileNode) => {
    const key = keyOf.get(node.id)!;
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    const ms = self.get(node.id) ?? 0;
    if (ms > 0) for (const k of onStack.keys()) inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    for (const child of node.children ?? []) visit(byId.get(child)!);
    const left = onStack.get(key)! - 1;
    if (left === 0) onStack.delete(key);
    else onStack.set(key, left);
  };
  visit(root);

  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1).padStart(5)} %`;
  const list = (entries: Map<string, number>, skip: (key: string) => boolean, count: number) =>
    [...entries]
      .filter(([k]) => !skip(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, ms]) => `    ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms${per ? ` ${((ms * 1000) / per.items).toFixed(1).padStart(7)} µs` : ''}  ${k}`)
      .join('\n');
  const busy = total - (selfByKey.get('(idle)') ?? 0);
  return [
    `  ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy (${pct(busy).trim()})` +
      (per ? `, ${per.items.toLocaleString('en')} ${per.itemName === 'delivery' ? 'deliveries' : `${per.itemName}s`}: ${((busy * 1000) / per.items).toFixed(0)} µs busy per ${per.itemName}` : '') +
      '; columns: share of the samples, ms' + (per ? `, µs per ${per.itemName}` : '') + '.',
    '  Self time by source file (or bucket):',
    list(selfByFile, () => false, top),
    '  Self time by function:',
    list(selfByKey, () => false, top),
    '  Inclusive time by function (self + callees):',
    list(inclusive, (k) => k === '(root)' || k === '(idle)' || k === '(program)' || k === '(garbage collector)', top),
  ].join('\n');
}
