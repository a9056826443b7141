/**
 * A JSON text as written, for comparing two bodies: every object's members in the order written, a key written twice
 * kept twice, each number as its exact text (`1.10`, `12345678901234567890.123`), each string decoded. A parsed
 * JavaScript object cannot say any of that (a repeated key keeps one value, integer-like keys move first). It reads a
 * text the analysis's parser (parse-body.ts) took as JSON, within its depth; any other text throws.
 */
export type OrderedJson =
  | { type: 'object'; members: OrderedMember[] }
  | { type: 'array'; items: OrderedJson[] }
  | { type: 'string'; value: string }
  | { type: 'number'; text: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' };

export interface OrderedMember {
  key: string;
  value: OrderedJson;
}

export function parseOrderedJson(text: string): OrderedJson {
  const reader = new Reader(text);
  reader.skipWhitespace();
  const value = reader.value();
  reader.skipWhitespace();
  if (reader.at < text.length) reader.fail('text after the JSON value');
  return value;
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Reader {
  at = 0;

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new Error(`not JSON at character ${this.at}: ${what}`);
  }

  skipWhitespace(): void {
    const text = this.text;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.at++;
    }
  }

  value(): OrderedJson {
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { type: 'string', value: this.string() };
    if (this.text.startsWith('true', this.at)) return this.literal(4, { type: 'boolean', value: true });
    if (this.text.startsWith('false', this.at)) return this.literal(5, { type: 'boolean', value: false });
    if (this.text.startsWith('null', this.at)) return this.literal(4, { type: 'null' });
    numberPattern.lastIndex = this.at;
    const match = numberPattern.exec(this.text);
    if (!match || match[0].length === 0) this.fail('a value was expected');
    this.at += match[0].length;
    return { type: 'number', text: match[0] };
  }

  private literal(length: number, value: OrderedJson): OrderedJson {
    this.at += length;
    return value;
  }

  /** From the opening quote to the closing one, decoded by JSON.parse (which refuses a bad escape or a control character). */
  private string(): string {
    const text = this.text;
    let end = this.at + 1;
    for (;;) {
      if (end >= text.length) this.fail('an unterminated string');
      const c = text.charCodeAt(end);
      if (c === 0x22) break;
      end += c === 0x5c ? 2 : 1;
    }
    let value: string;
    try {
      value = JSON.parse(text.slice(this.at, end + 1)) as string;
    } catch {
      this.fail('an invalid string');
    }
    this.at = end + 1;
    return value;
  }

  private object(): OrderedJson {
    this.at++;
    const members: OrderedMember[] = [];
    this.skipWhitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return { type: 'object', members };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.at] !== '"') this.fail('a key was expected');
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.at] !== ':') this.fail("':' was expected");
      this.at++;
      this.skipWhitespace();
      members.push({ key, value: this.value() });
      this.skipWhitespace();
      const next = this.text[this.at++];
      if (next === '}') return { type: 'object', members };
      if (next !== ',') this.fail("',' or '}' was expected");
    }
  }

  private array(): OrderedJson {
    this.at++;
    const items: OrderedJson[] = [];
    this.skipWhitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return { type: 'array', items };
    }
    for (;;) {
      this.skipWhitespace();
      items.push(this.value());
      this.skipWhitespace();
      const next = this.text[this.at++];
      if (next === ']') return { type: 'array', items };
      if (next !== ',') this.fail("',' or ']' was expected");
    }
  }
}

/** The value as JSON text (numbers their exact text), compact, cut at `limit` characters with "…". */
export function writtenJson(value: OrderedJson, limit = 200): string {
  const out: string[] = [];
  let length = 0;
  const push = (part: string): boolean => {
    out.push(part);
    length += part.length;
    return length <= limit;
  };
  const write = (node: OrderedJson): boolean => {
    switch (node.type) {
      case 'object': {
        if (!push('{')) return false;
        for (let i = 0; i < node.members.length; i++) {
          const member = node.members[i]!;
          if (!push(`${i > 0 ? ',' : ''}${JSON.stringify(member.key)}:`) || !write(member.value)) return false;
        }
        return push('}');
      }
      case 'array': {
        if (!push('[')) return false;
        for (let i = 0; i < node.items.length; i++) {
          if ((i > 0 && !push(',')) || !write(node.items[i]!)) return false;
        }
        return push(']');
      }
      case 'string':
        return push(JSON.stringify(node.value));
      case 'number':
        return push(node.text);
      case 'boolean':
        return push(String(node.value));
      case 'null':
        return push('null');
    }
  };
  const whole = write(value);
  const text = out.join('');
  return whole && text.length <= limit ? text : `${text.slice(0, limit)}…`;
}

/** `object`, `array`, `string`, `number`, `boolean`, `null`. */
export function orderedType(value: OrderedJson): string {
  return value.type;
}
