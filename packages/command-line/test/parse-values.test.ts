import { describe, expect, it } from 'vitest';
import { parseCount, parsePort, parseSize } from '@webhook-inspector/command-line';

describe('the values the commands share', () => {
  it('reads a port, 0 for any free one, and names the flag when it is not one', () => {
    expect(parsePort('8443', '--port')).toBe(8443);
    expect(parsePort('0', '--port')).toBe(0);
    for (const text of ['65536', '-1', '80a', '', '8.5']) expect(() => parsePort(text, '--port'), text).toThrow(/--port must be a port number/);
  });

  it('reads a size as people write it, decimal and binary units alike', () => {
    expect(parseSize('500000', '--max')).toBe(500_000);
    expect(parseSize('500MB', '--max')).toBe(500_000_000);
    expect(parseSize('2GiB', '--max')).toBe(2 * 2 ** 30);
    expect(parseSize('1.5 GB', '--max')).toBe(1_500_000_000);
    expect(parseSize('64kib', '--max')).toBe(65_536);
    for (const text of ['MB', '5 XB', '-5MB', '']) expect(() => parseSize(text, '--max'), text).toThrow(/--max must be a size/);
  });

  it('reads a count of at least one', () => {
    expect(parseCount('3', '--count')).toBe(3);
    for (const text of ['0', '1.5', 'two']) expect(() => parseCount(text, '--count'), text).toThrow(/--count must be a whole number/);
  });
});
