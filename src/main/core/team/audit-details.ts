import { createHash } from 'node:crypto';
import type { AuditCut } from '../../../shared/team';

/** Keys whose values are credentials: the signing secret, API and relay tokens, passwords, auth headers. */
const secretKey = /secret|token|password|passphrase|authorization|cookie|api[-_]?key|credential/i;
const removed = '[removed]';

/**
 * What one entry's details may take in the audit log, whoever sends what: a refused call's input is the caller's
 * to choose (up to the control server's 1 MiB), and is recorded all the same.
 */
export const auditDetailLimits = {
  /** The kept details as JSON, in UTF-8 bytes. */
  bytes: 4096,
  /** A key's characters (a longer one is cut, and ends with "…"). */
  keyLength: 100,
  /** Keys kept of one object (then `"…": "N more keys"`). */
  keys: 50,
  /** Levels of objects and lists kept (a deeper one is "… deeper"). */
  depth: 8,
  /** A string's characters (then "…"). */
  string: 500,
  /** Items kept of one list (then "… N more"). */
  items: 20,
} as const;

export type AuditDetailLimits = { readonly [K in keyof typeof auditDetailLimits]: number };

/** The details an entry keeps, and when something was cut, the digest of the whole. */
export interface KeptDetails {
  details: unknown;
  cut: AuditCut | null;
}

/**
 * A call's input as the audit log keeps it: every value under a secret's key removed (whatever the call, so a
 * new call's secret is removed too), a URL's password removed, and the rest within `auditDetailLimits`.
 */
export function auditDetails(input: unknown): unknown {
  return keptDetails(input).details;
}

/**
 * `auditDetails`, with what tells a reader that something was cut: the SHA-256 and size of the whole details as
 * JSON (secrets removed as above), so that a copy of what was sent can be matched to the entry. Both walks are
 * iterative: no input is too deep for them (a call's JSON may be nested 200,000 levels).
 */
export function keptDetails(input: unknown, limits: AuditDetailLimits = auditDetailLimits): KeptDetails {
  const { details, cut } = capped(input, limits);
  return { details, cut: cut ? digestOf(input) : null };
}

type Container = unknown[] | Record<string, unknown>;

/** A value as JSON would write it: a leaf, a container, or nothing (undefined, a function: left out of an object). */
type Plain = { leaf: string | number | boolean | null } | { container: Container } | { skip: true };

function plain(given: unknown, key: string): Plain {
  let value = given;
  const toJson = (value as { toJSON?: unknown } | null)?.toJSON;
  if (typeof toJson === 'function') value = (toJson as (key: string) => unknown).call(value, key);
  switch (typeof value) {
    case 'string':
      return { leaf: withoutUrlPassword(value) };
    case 'number':
      return { leaf: Number.isFinite(value) ? value : null };
    case 'boolean':
      return { leaf: value };
    case 'bigint':
      return { leaf: String(value) };
    case 'object':
      return value === null ? { leaf: null } : { container: value as Container };
    default:
      return { skip: true };
  }
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

interface Frame {
  source: Container;
  /** An object's keys; null for a list. */
  keys: string[] | null;
  next: number;
  out: Container;
  depth: number;
  empty: boolean;
}

function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__` is a key like any other here.
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The details within the limits, walked with a stack of its own; whether anything was left out or shortened. */
function capped(input: unknown, limits: AuditDetailLimits): { details: unknown; cut: boolean } {
  let cut = false;
  let used = 0;
  let full = false;
  const leafOf = (value: string | number | boolean | null): string | number | boolean | null => {
    if (typeof value !== 'string' || value.length <= limits.string) return value;
    cut = true;
    return `${value.slice(0, limits.string)}…`;
  };
  const deeper = '… deeper';
  const frames: Frame[] = [];
  /** The kept form of a value at `depth`: a leaf, or an empty container to fill (its frame pushed). */
  const open = (value: Plain, depth: number): { kept: unknown; frame: Frame | null } => {
    if ('leaf' in value) return { kept: leafOf(value.leaf), frame: null };
    if ('skip' in value) return { kept: null, frame: null };
    if (depth >= limits.depth) {
      cut = true;
      return { kept: deeper, frame: null };
    }
    const source = value.container;
    const list = Array.isArray(source);
    const out: Container = list ? [] : {};
    return { kept: out, frame: { source, keys: list ? null : Object.keys(source), next: 0, out, depth, empty: true } };
  };
  /** Adds one item to a container if the whole still fits; else nothing more is added. */
  const add = (frame: Frame, key: string | null, kept: unknown): boolean => {
    const size = kept !== null && typeof kept === 'object' ? 2 : jsonBytes(kept);
    const cost = (frame.empty ? 0 : 1) + (key === null ? 0 : jsonBytes(key) + 1) + size;
    if (used + cost > limits.bytes) {
      full = true;
      cut = true;
      return false;
    }
    used += cost;
    frame.empty = false;
    if (key === null) (frame.out as unknown[]).push(kept);
    else setOwn(frame.out as Record<string, unknown>, key, kept);
    return true;
  };

  const root = plain(input, '');
  if ('skip' in root) return { details: undefined, cut: false };
  const first = open(root, 0);
  used = first.frame === null ? jsonBytes(first.kept) : 2;
  if (used > limits.bytes) return { details: deeper, cut: true };
  if (first.frame !== null) frames.push(first.frame);

  while (frames.length > 0 && !full) {
    const frame = frames[frames.length - 1]!;
    const length = frame.keys === null ? (frame.source as unknown[]).length : frame.keys.length;
    const limit = frame.keys === null ? limits.items : limits.keys;
    if (frame.next >= Math.min(length, limit)) {
      frames.pop();
      if (length > limit) {
        cut = true;
        if (frame.keys === null) add(frame, null, `… ${length - limit} more`);
        else add(frame, '…', `${length - limit} more keys`);
      }
      continue;
    }
    const index = frame.next++;
    if (frame.keys === null) {
      const value = plain((frame.source as unknown[])[index], String(index));
      const { kept, frame: inner } = open(value, frame.depth + 1);
      if (add(frame, null, kept) && inner !== null) frames.push(inner);
      continue;
    }
    const key = frame.keys[index]!;
    let keptKey = key;
    if (key.length > limits.keyLength) {
      cut = true;
      keptKey = `${key.slice(0, limits.keyLength)}…`;
    }
    if (secretKey.test(key)) {
      add(frame, keptKey, removed);
      continue;
    }
    const value = plain((frame.source as Record<string, unknown>)[key], key);
    if ('skip' in value) continue;
    const { kept, frame: inner } = open(value, frame.depth + 1);
    if (add(frame, keptKey, kept) && inner !== null) frames.push(inner);
  }
  return { details: first.kept, cut };
}

type Task = { value: Plain } | { token: string } | { leave: object };

/** SHA-256 and size of the whole details as JSON (secrets removed), written with a stack of its own. */
function digestOf(input: unknown): AuditCut {
  const hash = createHash('sha256');
  let bytes = 0;
  let pending = '';
  const flush = () => {
    const chunk = Buffer.from(pending, 'utf8');
    hash.update(chunk);
    bytes += chunk.length;
    pending = '';
  };
  const emit = (text: string) => {
    pending += text;
    if (pending.length >= 64 * 1024) flush();
  };
  const onPath = new Set<object>();
  const tasks: Task[] = [{ value: plain(input, '') }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ('token' in task) {
      emit(task.token);
      continue;
    }
    if ('leave' in task) {
      onPath.delete(task.leave);
      continue;
    }
    const value = task.value;
    if ('skip' in value) {
      emit('null');
      continue;
    }
    if ('leaf' in value) {
      emit(JSON.stringify(value.leaf));
      continue;
    }
    const source = value.container;
    if (onPath.has(source)) {
      emit('"[circular]"');
      continue;
    }
    onPath.add(source);
    tasks.push({ leave: source });
    if (Array.isArray(source)) {
      emit('[');
      tasks.push({ token: ']' });
      for (let i = source.length - 1; i >= 0; i--) {
        tasks.push({ value: plain(source[i], String(i)) });
        if (i > 0) tasks.push({ token: ',' });
      }
      continue;
    }
    emit('{');
    tasks.push({ token: '}' });
    const entries: Task[][] = [];
    for (const key of Object.keys(source)) {
      const item: Plain = secretKey.test(key) ? { leaf: removed } : plain((source as Record<string, unknown>)[key], key);
      if (!('skip' in item)) entries.push([{ token: `${JSON.stringify(key)}:` }, { value: item }]);
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      tasks.push(entries[i]![1]!, entries[i]![0]!);
      if (i > 0) tasks.push({ token: ',' });
    }
  }
  flush();
  return { sha256: hash.digest('hex'), bytes };
}

function withoutUrlPassword(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text)) return text;
  try {
    const url = new URL(text);
    if (url.password === '') return text;
    url.password = removed;
    return url.toString();
  } catch {
    return text;
  }
}

const targetKeys = ['url', 'target', 'outDir', 'path', 'name'] as const;

/** What a call was aimed at, when its input names one: a replay's or a relay's URL, a forward target, a path, a user. */
export function auditTarget(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const fields = details as Record<string, unknown>;
  for (const key of targetKeys) if (Object.hasOwn(fields, key) && typeof fields[key] === 'string') return fields[key];
  const connection = (Object.hasOwn(fields, 'connection') ? fields.connection : undefined) as { baseUrl?: unknown } | undefined;
  return typeof connection?.baseUrl === 'string' ? connection.baseUrl : null;
}
