import { isInvisible } from './raw-bytes';

/**
 * A JSON parser that keeps what JSON.parse loses and an inspector must show:
 * number literals as sent (`25.00` stays `25.00`, big integers stay exact), key order
 * as sent (JS objects move integer-like keys first), and duplicate keys (flagged,
 * not silently merged).
 */
export type JsonNode =
  | { kind: 'object'; entries: JsonEntry[] }
  | { kind: 'array'; items: JsonNode[] }
  | { kind: 'string'; value: string }
  | { kind: 'number'; text: string }
  | { kind: 'literal'; text: 'true' | 'false' | 'null' };

export interface JsonEntry {
  key: string;
  value: JsonNode;
  /** The same key appeared earlier in this object. */
  duplicate: boolean;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at character ${position}`);
    this.name = 'JsonSyntaxError';
  }
}

/** Valid JSON nested deeper than the tree will draw. */
export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`it nests arrays or objects more than ${maxDepth} levels deep`);
    this.name = 'JsonTooDeepError';
  }
}

const maxDepth = 512;
const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function parseJsonTree(text: string): JsonNode {
  let position = 0;

  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, position);
  };
  const skipWhitespace = () => {
    while (position < text.length) {
      const char = text[position];
      if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') break;
      position++;
    }
  };
  const expect = (char: string) => {
    if (text[position] !== char) fail(`Expected '${char}'`);
    position++;
  };

  const parseString = (): string => {
    expect('"');
    let value = '';
    let runStart = position;
    while (true) {
      if (position >= text.length) fail('Unterminated string');
      const char = text[position]!;
      if (char === '"') {
        value += text.slice(runStart, position);
        position++;
        return value;
      }
      if (char < ' ') fail('Unescaped control character in string');
      if (char !== '\\') {
        position++;
        continue;
      }
      value += text.slice(runStart, position);
      const code = text[position + 1] ?? '';
      if (code === 'u') {
        const hex = text.slice(position + 2, position + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Bad \\u escape');
        value += String.fromCharCode(parseInt(hex, 16));
        position += 6;
      } else {
        const replacement = escapes[code];
        if (replacement === undefined) fail('Bad escape');
        value += replacement;
        position += 2;
      }
      runStart = position;
    }
  };

  const parseValue = (depth: number): JsonNode => {
    if (depth > maxDepth) throw new JsonTooDeepError(maxDepth);
    skipWhitespace();
    const char = text[position];
    if (char === '{') return parseObject(depth);
    if (char === '[') return parseArray(depth);
    if (char === '"') return { kind: 'string', value: parseString() };
    for (const literal of ['true', 'false', 'null'] as const) {
      if (text.startsWith(literal, position)) {
        position += literal.length;
        return { kind: 'literal', text: literal };
      }
    }
    numberPattern.lastIndex = position;
    const match = numberPattern.exec(text);
    if (!match) return fail(position >= text.length ? 'Unexpected end' : 'Unexpected character');
    position += match[0].length;
    return { kind: 'number', text: match[0] };
  };

  const parseObject = (depth: number): JsonNode => {
    expect('{');
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    skipWhitespace();
    if (text[position] === '}') {
      position++;
      return { kind: 'object', entries };
    }
    while (true) {
      skipWhitespace();
      const key = parseString();
      skipWhitespace();
      expect(':');
      const value = parseValue(depth + 1);
      entries.push({ key, value, duplicate: seen.has(key) });
      seen.add(key);
      skipWhitespace();
      if (text[position] === ',') {
        position++;
        continue;
      }
      expect('}');
      return { kind: 'object', entries };
    }
  };

  const parseArray = (depth: number): JsonNode => {
    expect('[');
    const items: JsonNode[] = [];
    skipWhitespace();
    if (text[position] === ']') {
      position++;
      return { kind: 'array', items };
    }
    while (true) {
      items.push(parseValue(depth + 1));
      skipWhitespace();
      if (text[position] === ',') {
        position++;
        continue;
      }
      expect(']');
      return { kind: 'array', items };
    }
  };

  const root = parseValue(0);
  skipWhitespace();
  if (position < text.length) fail('Unexpected text after the JSON value');
  return root;
}

/**
 * A string as a JSON literal that hides nothing: besides what JSON.stringify escapes, DEL and
 * the invisible or direction-changing code points (a right-to-left override would reorder the
 * text after it, the value beside a key included) are written as `\uXXXX` escapes, so the literal
 * still means the same string.
 */
export function jsonStringLiteral(value: string): string {
  const literal = JSON.stringify(value);
  let shown = '';
  let runStart = 0;
  for (let i = 0; i < literal.length; i++) {
    const code = literal.charCodeAt(i);
    if (code === 0x7f || isInvisible(code)) {
      shown += `${literal.slice(runStart, i)}\\u${code.toString(16).padStart(4, '0')}`;
      runStart = i + 1;
    }
  }
  return runStart === 0 ? literal : shown + literal.slice(runStart);
}
