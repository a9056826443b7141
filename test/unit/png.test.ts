import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngColourCount, pngSize } from '../support/png';

const root = resolve(__dirname, '../..');

/** A PNG's chunk; its CRC is not checked by the reader, so left 0. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** An RGB PNG of the given rows of pixels, each row written with the given filter (0 none, 1 sub, 2 up). */
function rgbPng(rows: Array<Array<[number, number, number]>>, filter: 0 | 1 | 2): Buffer {
  const width = rows[0]!.length;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(rows.length, 4);
  header.set([8, 2, 0, 0, 0], 8);
  let previous = Buffer.alloc(width * 3);
  const lines = rows.map((pixels) => {
    const line = Buffer.from(pixels.flat());
    const encoded = line.map((byte, i) => {
      const predicted = filter === 1 ? (i >= 3 ? line[i - 3]! : 0) : filter === 2 ? previous[i]! : 0;
      return (byte - predicted) & 0xff;
    });
    previous = line;
    return Buffer.concat([Buffer.from([filter]), encoded]);
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(lines))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('reading a PNG', () => {
  const blank = Array.from({ length: 4 }, () => Array.from({ length: 5 }, (): [number, number, number] => [250, 250, 250]));
  const striped = Array.from({ length: 4 }, (_, y) => Array.from({ length: 5 }, (_, x): [number, number, number] => [x * 40, y * 60, 7]));

  it.each([0, 1, 2] as const)('counts the colours through filter %i: one in a blank picture, each pixel of a gradient', (filter) => {
    expect(pngSize(rgbPng(blank, filter))).toEqual({ width: 5, height: 4 });
    expect(pngColourCount(rgbPng(blank, filter))).toBe(1);
    expect(pngColourCount(rgbPng(striped, filter))).toBe(20);
  });

  it("reads Chromium's screenshots (the docs' pictures)", () => {
    const picture = readFileSync(resolve(root, 'docs/screenshot.png'));
    expect(pngSize(picture).width).toBeGreaterThan(100);
    expect(pngColourCount(picture)).toBeGreaterThan(50);
  });

  it('refuses what is not a PNG', () => {
    expect(() => pngSize(Buffer.from('GIF89a and more bytes than that'))).toThrow('not a PNG');
  });
});
