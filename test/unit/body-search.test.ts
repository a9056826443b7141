import { describe, expect, it } from 'vitest';
import { indexQuery, longRunMatch, longRuns, searchMatch, searchTerms } from '../../src/main/core/store/body-search';

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

  it('keeps each run of 16 or more ASCII letters and digits of a body, lowered, whatever bytes surround it', () => {
    const body = Buffer.concat([
      Buffer.from(`{"tx_hash":"0x${hash.toUpperCase()}","id":"1b9406ca-ac98-4833-9134-ebef5e7f10bd","w":"confirmations"`),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('ABCDEFGHIJKLMNOP\u0000}'),
    ]);
    expect(longRuns(body)).toBe(`0x${hash} abcdefghijklmnop`);
    expect(longRuns(Buffer.from('{"a":"abcdefghijklmno"}'))).toBeNull();
  });

  it('looks up a dozen trigrams spread over the text’s longest run, wherever it sits in the text', () => {
    const match = longRunMatch(hash)!;
    const trigrams = match.split(' ').map((quoted) => quoted.slice(1, -1));
    expect(trigrams).toHaveLength(12);
    expect(trigrams[0]).toBe(hash.slice(0, 3));
    expect(trigrams.at(-1)).toBe(hash.slice(-3));
    for (const trigram of trigrams) expect(hash).toContain(trigram);
    // A run at either edge of the text may continue in the body: still inside a run at least as long.
    expect(longRunMatch(`"tx_hash":"0x${hash.slice(0, 20).toUpperCase()}`)).toBe(longRunMatch(`0x${hash.slice(0, 20)}`));
  });

  it('leaves shorter runs to the word index', () => {
    expect(longRunMatch('abcdefghijklmno')).toBeNull();
    expect(indexQuery('x.emeka.rossi36@example.com')).toEqual({ table: 'delivery_search', match: searchMatch('x.emeka.rossi36@example.com') });
    expect(indexQuery(hash).table).toBe('delivery_long_runs');
  });
});
