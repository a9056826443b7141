import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInvisible, segmentPeerText, segmentRawBytes } from '../../src/renderer/src/lib/raw-bytes';

const shown = (text: string) => segmentPeerText(text).map((s) => s.text).join('');

describe("one escaping rule for a peer's text (a header, an answer's body, the Check view's exchanges)", () => {
  it('shows direction-changing and invisible code points as escapes, never raw', () => {
    expect(shown('ok\u202Egpj.exe')).toBe('ok\\u{202E}gpj.exe');
    expect(shown('a\u200Bb\u2066c\u2069d\uFEFF')).toBe('a\\u{200B}b\\u{2066}c\\u{2069}d\\u{FEFF}');
    expect(segmentPeerText('x\u202Ey')).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'escape', text: '\\u{202E}', reason: 'invisible' },
      { kind: 'text', text: 'y' },
    ]);
  });

  it('shows control characters as escapes, keeping line feeds and tabs', () => {
    expect(shown('a\r\nb\tc\u0000d\u001Be\u007F')).toBe('a\\r\nb\tc\\x00d\\x1Be\\x7F');
  });

  it('is the rule of a body shown byte for byte: the same segments as the bytes of the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(segmentPeerText(text)).toEqual(segmentRawBytes(new TextEncoder().encode(text)));
      }),
    );
  });

  it('leaves no control, invisible or direction-changing character unescaped in the text it shows', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        for (const segment of segmentPeerText(text)) {
          if (segment.kind !== 'text') continue;
          for (const char of segment.text) {
            const code = char.codePointAt(0)!;
            expect(code === 0x0a || code === 0x09 || (code >= 0x20 && code !== 0x7f && !isInvisible(code))).toBe(true);
          }
        }
      }),
    );
  });
});
