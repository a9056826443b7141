import { readFileSync } from 'node:fs';

/**
 * The system calls of a run traced by `strace -f -y -xx -o FILE` (every thread; each descriptor with its path;
 * every string in hex), as records in the order strace saw them. A call that another thread interrupts is written
 * as two lines ("<unfinished ...>", then "<... resumed>"): `entered` is the line where it began, `returned` the one
 * where it ended, both indexes into the trace's lines, so that "ended before began" is `a.returned < b.entered`.
 */
export interface TracedCall {
  pid: number;
  name: string;
  /** The path (or socket:[inode]) of the call's first argument, a descriptor; null when it has none. */
  path: string | null;
  /** The bytes of its string arguments (a write's buffer, each of a writev's buffers), joined. */
  data: Buffer;
  /** Its arguments after the descriptor and buffers, as written (e.g. a pwrite64's size and offset). */
  rest: string[];
  result: number | null;
  entered: number;
  returned: number;
}

const hexString = /"((?:\\x[0-9a-f]{2})*)"(\.\.\.)?/g;
const bytesOf = (hex: string): Buffer => Buffer.from(hex.replace(/\\x/g, ''), 'hex');

/** Parses one call's text (its name, arguments and result, resumed parts joined). */
function parseCall(pid: number, text: string, entered: number, returned: number): TracedCall | null {
  const call = /^([a-z_0-9]+)\((.*)\)\s+=\s+(-?\d+|\?)/s.exec(text);
  if (!call) return null;
  const [, name, args, result] = call;
  const fd = /^\d+<((?:\\x[0-9a-f]{2})*)>/.exec(args!);
  const strings = [...args!.matchAll(hexString)].map((m) => bytesOf(m[1]!));
  const rest = args!.replace(hexString, '').split(',').map((part) => part.trim()).filter(Boolean).slice(1);
  return {
    pid,
    name: name!,
    path: fd ? bytesOf(fd[1]!).toString('utf8') : null,
    data: Buffer.concat(strings),
    rest,
    result: result === '?' ? null : Number(result),
    entered,
    returned,
  };
}

export function readTrace(file: string): TracedCall[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const unfinished = new Map<number, { text: string; entered: number }>();
  const calls: TracedCall[] = [];
  lines.forEach((line, index) => {
    const match = /^(\d+)\s+(.*)$/.exec(line);
    if (!match) return;
    const pid = Number(match[1]);
    const text = match[2]!;
    if (text.endsWith('<unfinished ...>')) {
      unfinished.set(pid, { text: text.slice(0, -'<unfinished ...>'.length).trimEnd(), entered: index });
      return;
    }
    const resumed = /^<\.\.\. [a-z_0-9]+ resumed>(.*)$/s.exec(text);
    const begun = resumed ? unfinished.get(pid) : undefined;
    if (resumed) unfinished.delete(pid);
    const whole = begun ? begun.text + resumed![1] : text;
    const call = parseCall(pid, whole, begun?.entered ?? index, index);
    if (call) calls.push(call);
  });
  return calls;
}
