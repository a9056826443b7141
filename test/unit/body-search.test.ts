import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexQuery, longRunMatch, longRunTrigrams, searchMatch, searchTerms } from '../../src/main/core/store/sqlite/body-search';

describe('the words a searched text proves every matching body holds', () => {
  it('takes the inner words of an identifier whole, and the last one as a prefix', () => {
    // The first word may be the end of a longer one ("xemeka"): not used.
    expect(searchMatch('emeka.rossi36@example.com')).toBe('"rossi36" "example"');
    expect(searchMatch('1b9406ca-ac98-4833-9134-ebef5e7f10bd')).toBe('"ebef5e7f10bd"* "ac98" "4833" "9134"');
    expect(searchMatch('0.12709039')).toBe('"12709039"*');
    expect(searchMatch('payout.failed')).toBe('"failed"*');
  });

  it('has nothing for a single run of letters and digits, which may sit inside any word', () => {
    for (const text of ['failed', 'xam', 'ea694501c140161d4f311a64b0e8544c66336bd3c8f74f12e1af7b9a8a4010c8', 'Rossi']) {
      expect(searchMatch(text)).toBeNull();
    }
  });

  it('uses a first word when the text starts with a separator, and a whole word when one ends it', () => {
    expect(searchMatch(' failed')).toBe('"failed"*');
    expect(searchMatch('"failed"')).toBe('"failed"');
    expect(searchMatch('status":"failed"')).toBe('"failed"');
  });

  it('lowers ASCII letters, as the index does', () => {
    expect(searchMatch('X.FAILED.Y')).toBe('"failed"');
  });

  it('treats a non-ASCII neighbour as unknown: neither part of the word nor its end', () => {
    // "é" may be a letter of the body's word, so "caf" only starts it, and "x" after it starts nothing known.
    expect(searchTerms(' café x')).toEqual([{ word: 'caf', whole: false }]);
    expect(searchTerms(' écho.')).toEqual([]);
    expect(searchMatch('Zoë Müller')).toBeNull();
  });

  it('drops prefixes too short to narrow, and cuts very long words to a prefix', () => {
    expect(searchMatch('25.00')).toBeNull();
    expect(searchMatch('x.ab')).toBeNull();
    expect(searchMatch('x.ab.')).toBe('"ab"');
    // Beside a whole word, only a long prefix is worth its lookup; alone, a short one still narrows.
    expect(searchMatch('x.example.com')).toBe('"example"');
    expect(searchMatch('x.example.abcdef')).toBe('"example" "abcdef"*');
    expect(searchMatch('example.com')).toBe('"com"*');
    const long = 'a'.repeat(300);
    expect(searchTerms(`.${long}.`)).toEqual([{ word: 'a'.repeat(256), whole: false }]);
  });

  it('keeps the longest few terms of a long text', () => {
    const text = ` ${Array.from({ length: 20 }, (_, i) => 'w'.repeat(i + 1)).join(' ')} `;
    const terms = searchTerms(text);
    expect(terms).toHaveLength(8);
    expect(terms[0]).toEqual({ word: 'w'.repeat(20), whole: true });
    expect(new Set(terms.map((t) => t.word)).size).toBe(8);
  });
});

describe('the long runs a second index holds (hashes, long identifiers)', () => {
  const hash = 'ea694501c140161d4f311a64b0e8544c66336bd3c8f74f12e1af7b9a8a4010c8';
  const every3 = (run: string) => Array.from({ length: Math.floor((run.length - 3) / 3) + 1 }, (_, i) => run.slice(3 * i, 3 * i + 3));

  it('keeps the trigrams at every third position of each run of 16 or more ASCII letters and digits, lowered, whatever bytes surround it', () => {
    const body = Buffer.concat([
      Buffer.from(`{"tx_hash":"0x${hash.toUpperCase()}","id":"1b9406ca-ac98-4833-9134-ebef5e7f10bd","w":"confirmations"`),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('ABCDEFGHIJKLMNOP\u0000}'),
    ]);
    expect(longRunTrigrams(body)).toBe([...new Set([...every3(`0x${hash}`), ...every3('abcdefghijklmnop')])].join(' '));
    expect(longRunTrigrams(Buffer.from('{"a":"abcdefghijklmno"}'))).toBeNull();
  });

  it('are, for any bytes, the trigrams at every third position of each long run, in order of first appearance', () => {
    const reference = (body: Uint8Array): string | null => {
      const text = Buffer.from(body).toString('latin1');
      const trigrams = [...text.matchAll(/[A-Za-z0-9]{16,}/g)].flatMap((m) => every3(m[0].toLowerCase()));
      return trigrams.length === 0 ? null : [...new Set(trigrams)].join(' ');
    };
    const bytes = fc.array(fc.oneof(fc.constantFrom(...Buffer.from('aZ09x-" \u00ff')), fc.integer({ min: 0, max: 255 })), { maxLength: 200 });
    fc.assert(
      fc.property(bytes, (list) => {
        expect(longRunTrigrams(Uint8Array.from(list))).toBe(reference(Uint8Array.from(list)));
      }),
      { numRuns: 500 },
    );
  });

  it('lists each trigram once: a megabyte of one letter is one token', () => {
    expect(longRunTrigrams(Buffer.alloc(2 ** 20, 'A'))).toBe('aaa');
    expect(longRunTrigrams(Buffer.from('xyzXYZxyzXYZxyzXYZ'))).toBe('xyz');
    // Nothing carries over from one body to the next.
    expect(longRunTrigrams(Buffer.from('xyzXYZxyzXYZxyzXYZ'))).toBe('xyz');
  });

  it('asks for any of the three alignments of the text’s longest run, each by trigrams spread over it', () => {
    const match = longRunMatch(`"tx_hash":"0x${hash.slice(0, 20).toUpperCase()}`)!;
    const phases = match.split(' OR ').map((group) => group.slice(1, -1).split(' ').map((quoted) => quoted.slice(1, -1)));
    const run = `0x${hash.slice(0, 20)}`;
    expect(phases.map((trigrams) => trigrams.length)).toEqual([6, 6, 6]);
    phases.forEach((trigrams, phase) => {
      expect(trigrams[0]).toBe(run.slice(phase, phase + 3));
      for (const trigram of trigrams) expect(run.indexOf(trigram) % 3).toBe(phase);
    });
    // Wherever the run sits in a body's run, one alignment's trigrams are all among those kept.
    for (let offset = 0; offset < 3; offset++) {
      const kept = new Set(longRunTrigrams(Buffer.from(`${'z'.repeat(offset)}${run}q`))!.split(' '));
      expect(phases.some((trigrams) => trigrams.every((t) => kept.has(t)))).toBe(true);
    }
  });

  it('leaves shorter runs to the word index', () => {
    expect(longRunMatch('abcdefghijklmno')).toBeNull();
    expect(indexQuery('x.emeka.rossi36@example.com')).toEqual({ table: 'delivery_search', match: searchMatch('x.emeka.rossi36@example.com') });
    expect(indexQuery(hash).table).toBe('delivery_long_runs');
  });
});
