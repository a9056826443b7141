import Parser from 'stream-json/Parser.js';

/** A token of the streaming parser, every string, key and number in pieces (never packed whole). */
interface Token {
  name: string;
  value?: unknown;
}

/** One entry of `log.entries` as read: its value; or, past the bound, not kept; or why the reading stopped there. */
export type HarEntryRead = { value: unknown } | { tooLong: true } | { error: string };

export class NotHar extends Error {
  readonly status = 400;
}

type Container = { kind: 'object'; value: object; key: string | null; path: string } | { kind: 'array'; value: unknown[]; path: string };

/** What is kept of a recorded answer's text: an import keeps the answer, never as much as a body. */
export const answerTextCapChars = 64 * 1024;

/** Own property, as JSON.parse makes it (`__proto__` a key like any other). */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Builds one entry from its tokens, holding at most `boundChars` characters of it (keys, strings, numbers; an
 * answer's text counts up to its cap, the rest dropped). Past the bound it lets go of what it built and only
 * follows the nesting to the entry's end.
 */
class EntryBuilder {
  private readonly stack: Container[] = [];
  private chars = 0;
  private over = false;
  /** Nesting depth once over (the stack is let go of). */
  private depth = 0;
  private piece: { kind: 'key' | 'string' | 'number'; parts: string[]; chars: number; cap: number } | null = null;
  private result: unknown;
  done = false;

  constructor(private readonly boundChars: number) {}

  /** The entry, unless it went past the bound. */
  get value(): HarEntryRead {
    return this.over ? { tooLong: true } : { value: this.result };
  }

  feed(token: Token): void {
    if (this.over) return this.follow(token);
    switch (token.name) {
      case 'startObject':
        return this.open({ kind: 'object', value: {}, key: null, path: this.childPath() });
      case 'startArray':
        return this.open({ kind: 'array', value: [], path: this.childPath() });
      case 'endObject':
      case 'endArray':
        return this.close();
      case 'startKey':
        return void (this.piece = { kind: 'key', parts: [], chars: 0, cap: Infinity });
      case 'startString':
        return void (this.piece = { kind: 'string', parts: [], chars: 0, cap: this.childPath() === '.response.content.text' ? answerTextCapChars : Infinity });
      case 'startNumber':
        return void (this.piece = { kind: 'number', parts: [], chars: 0, cap: Infinity });
      case 'stringChunk':
      case 'numberChunk':
        return this.grow(token.value as string);
      case 'endKey': {
        const top = this.stack.at(-1) as Container & { kind: 'object' };
        top.key = this.pieceText();
        return;
      }
      case 'endString':
        return this.add(this.pieceText());
      case 'endNumber':
        return this.add(Number(this.pieceText()));
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        return this.add(token.value);
    }
  }

  /** Where a value now starting sits, by its keys (`.response.content`), to single out the answer's text. */
  private childPath(): string {
    const top = this.stack.at(-1);
    if (top === undefined) return '';
    return top.kind === 'object' ? `${top.path}.${top.key}` : `${top.path}[]`;
  }

  private grow(text: string): void {
    const piece = this.piece!;
    const room = piece.cap - piece.chars;
    const kept = text.length <= room ? text : text.slice(0, Math.max(room, 0));
    if (kept.length === 0) return;
    piece.parts.push(kept);
    piece.chars += kept.length;
    this.chars += kept.length;
    if (this.chars > this.boundChars) this.goOver();
  }

  private pieceText(): string {
    const text = this.piece!.parts.join('');
    this.piece = null;
    return text;
  }

  private open(container: Container): void {
    this.add(container.value);
    this.stack.push(container);
  }

  private add(value: unknown): void {
    const top = this.stack.at(-1);
    if (top === undefined) {
      this.result = value;
      // A value that is no container ends here; a container ends when it closes.
      this.done = typeof value !== 'object' || value === null;
    } else if (top.kind === 'array') top.value.push(value);
    else setOwn(top.value, top.key!, value);
  }

  private close(): void {
    this.stack.pop();
    if (this.stack.length === 0) this.done = true;
  }

  private goOver(): void {
    this.over = true;
    // A string or number alone (no container) ends with its own end token.
    this.depth = this.stack.length;
    this.stack.length = 0;
    this.piece = null;
    this.result = undefined;
  }

  private follow(token: Token): void {
    if (this.depth === 0) {
      if (token.name === 'endString' || token.name === 'endNumber') this.done = true;
      return;
    }
    if (token.name === 'startObject' || token.name === 'startArray') this.depth += 1;
    else if (token.name === 'endObject' || token.name === 'endArray') {
      this.depth -= 1;
      if (this.depth === 0) this.done = true;
    }
  }
}

/** Follows one value whose content is not wanted (a HAR's pages, creator, …) to its end, keeping nothing. */
class Skipper {
  private depth = 0;
  done = false;

  feed(token: Token): void {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        this.depth += 1;
        return;
      case 'endObject':
      case 'endArray':
        this.depth -= 1;
        if (this.depth === 0) this.done = true;
        return;
      case 'endString':
      case 'endNumber':
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        if (this.depth === 0) this.done = true;
    }
  }
}

/** Which value the reader is in outside the entries: the document, its `log`, or `log.entries`. */
type Place = 'start' | 'root' | 'log' | 'entries' | 'end';

/**
 * The parser driven by hand: each chunk's tokens are collected as it is written, in order, with the error where the
 * bytes stop being JSON (a stream would drop the tokens still buffered when it fails).
 */
class TokenCollector extends Parser {
  readonly tokens: Token[] = [];

  override push(token: unknown): boolean {
    this.tokens.push(token as Token);
    return true;
  }

  /** Writes a chunk (null: the end) and says whether the bytes are still JSON. */
  feedBytes(chunk: Buffer | null): Error | null {
    let failure: Error | null = null;
    const done = (error?: Error | null) => void (failure = error ?? null);
    if (chunk === null) this._flush(done);
    else this._transform(chunk, 'utf8', done);
    return failure;
  }
}

/** Follows the document outside the entries and builds each entry; a token that ends one gives it. */
class HarWalker {
  private place: Place = 'start';
  private key: string | null = null;
  private keyParts: string[] | null = null;
  private keyChars = 0;
  private inner: EntryBuilder | Skipper | null = null;
  sawLog = false;
  sawEntries = false;

  constructor(
    private readonly entryBoundChars: number,
    private readonly notHar: (why: string) => NotHar,
  ) {}

  get ended(): boolean {
    return this.place === 'end';
  }

  /** The entry this token ends, if any; throws NotHar when the document is no HAR. */
  feed(token: Token): HarEntryRead | null {
    const inner = this.inner;
    if (inner !== null) {
      inner.feed(token);
      if (!inner.done) return null;
      this.inner = null;
      return inner instanceof EntryBuilder ? inner.value : null;
    }
    // Keys outside the entries: short names (`log`, `entries`), kept to a few characters.
    if (this.keyParts !== null) {
      if (token.name === 'stringChunk') {
        this.keyChars += (token.value as string).length;
        if (this.keyChars <= 64) this.keyParts.push(token.value as string);
        return null;
      }
      if (token.name === 'endKey') {
        this.key = this.keyChars <= 64 ? this.keyParts.join('') : null;
        this.keyParts = null;
        return null;
      }
    }
    if (token.name === 'startKey') {
      this.keyParts = [];
      this.keyChars = 0;
      return null;
    }
    switch (this.place) {
      case 'start':
        if (token.name !== 'startObject') throw this.notHar('not a JSON object');
        this.place = 'root';
        return null;
      case 'root':
        if (token.name === 'endObject') {
          this.place = 'end';
          return null;
        }
        if (this.key === 'log' && token.name === 'startObject') {
          this.sawLog = true;
          this.place = 'log';
          return null;
        }
        if (this.key === 'log') throw this.notHar('log: not an object');
        break;
      case 'log':
        if (token.name === 'endObject') {
          this.place = 'root';
          return null;
        }
        if (this.key === 'entries' && token.name === 'startArray') {
          this.sawEntries = true;
          this.place = 'entries';
          return null;
        }
        if (this.key === 'entries') throw this.notHar('log.entries: not an array');
        break;
      case 'entries': {
        if (token.name === 'endArray') {
          this.place = 'log';
          return null;
        }
        // Any value: one that is no object is given too, and the schema says what it lacks.
        const entry = new EntryBuilder(this.entryBoundChars);
        entry.feed(token);
        if (entry.done) return entry.value;
        this.inner = entry;
        return null;
      }
      case 'end':
        return null;
    }
    // A value of a key the reader does not want, outside the entries: passed over.
    const skipper = new Skipper();
    skipper.feed(token);
    if (!skipper.done) this.inner = skipper;
    return null;
  }
}

/**
 * The entries of a HAR document (`{"log": {"entries": [...]}}`) as its bytes arrive, one at a time: the document is
 * never held whole, each entry only up to `entryBoundChars` characters (an entry past that is given as `tooLong`,
 * read no further than its end), and what lies outside the entries is passed over. A document that is not JSON or
 * not a HAR fails with NotHar while no entry was given; later, the reading stops with a last error. The bytes
 * failing (an upload cut off, a read error) is thrown as it is.
 */
export async function* harEntries(chunks: AsyncIterable<Buffer>, label: string, entryBoundChars: number): AsyncGenerator<HarEntryRead> {
  const parser = new TokenCollector({ packValues: false, streamValues: true });
  const walker = new HarWalker(entryBoundChars, (why) => new NotHar(`${label} is not a HAR file (${why})`));
  let given = 0;
  const stop = (why: string): HarEntryRead => {
    if (given === 0) throw new NotHar(`${label} is not valid JSON`);
    return { error: `${why}; the rest of the file was not read` };
  };
  async function* take(chunk: Buffer | null): AsyncGenerator<HarEntryRead, Error | null> {
    const failure = parser.feedBytes(chunk);
    for (const token of parser.tokens.splice(0)) {
      const entry = walker.feed(token);
      if (entry !== null) {
        given += 1;
        yield entry;
      }
    }
    return failure;
  }
  for await (const chunk of chunks) {
    const failure = yield* take(chunk);
    if (failure !== null) return void (yield stop(`not valid JSON from here on (${failure.message})`));
  }
  const failure = yield* take(null);
  if (failure !== null || !walker.ended) return void (yield stop('the file ends before its JSON does'));
  if (!walker.sawLog) throw new NotHar(`${label} is not a HAR file (log: missing)`);
  if (!walker.sawEntries) throw new NotHar(`${label} is not a HAR file (log.entries: missing)`);
}
