import { fakeOf, personalKeys, type PersonalKind, type Redactor } from './fakes';
import { redactEmails } from './redact-text';

interface Container {
  isObject: boolean;
  /** Set inside the value of a personal key: every string and number below is that person's. */
  kind: PersonalKind | null;
}

const numberToken = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/**
 * Rewrites only the tokens that change, in place, so every other byte of the JSON text (number
 * spelling, key order, spacing) stays as sent: every value under a personal key (strings and numbers,
 * nested ones too) becomes a fake, and every email address elsewhere, keys included, becomes its fake.
 * Walks with a stack of its own, so no nesting depth can exhaust the call stack. `text` must be valid JSON.
 */
export function redactJsonText(text: string, fake: Redactor): string {
  const stack: Container[] = [];
  const pieces: string[] = [];
  let copiedUpTo = 0;
  let expectingKey = false;
  let keyKind: PersonalKind | null = null;
  const replace = (start: number, end: number, value: string) => {
    pieces.push(text.slice(copiedUpTo, start), value);
    copiedUpTo = end;
  };
  const valueKind = (): PersonalKind | null => {
    const top = stack[stack.length - 1];
    if (top === undefined) return null;
    return top.isObject ? keyKind : top.kind;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const end = endOfString(text, i);
      const value = JSON.parse(text.slice(i, end)) as string;
      const top = stack[stack.length - 1];
      let redacted: string;
      if (top?.isObject && expectingKey) {
        keyKind = top.kind ?? personalKeys.get(value.toLowerCase()) ?? null;
        expectingKey = false;
        redacted = redactEmails(value, fake);
      } else {
        const kind = valueKind();
        redacted = kind !== null && value !== '' ? fakeOf(kind, value, fake) : redactEmails(value, fake);
      }
      if (redacted !== value) replace(i, end, JSON.stringify(redacted));
      i = end;
    } else if (char === '{' || char === '[') {
      stack.push({ isObject: char === '{', kind: valueKind() });
      expectingKey = char === '{';
      i++;
    } else if (char === '}' || char === ']') {
      stack.pop();
      i++;
    } else if (char === ',') {
      expectingKey = stack[stack.length - 1]?.isObject ?? false;
      i++;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      numberToken.lastIndex = i;
      const token = numberToken.exec(text)?.[0] ?? char;
      const kind = valueKind();
      if (kind !== null) replace(i, i + token.length, JSON.stringify(fakeOf(kind, token, fake)));
      i += token.length;
    } else {
      i++;
    }
  }
  pieces.push(text.slice(copiedUpTo));
  return pieces.join('');
}
