import { inflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height, read from its IHDR chunk (the first, by the format); throws on anything else. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The Paeth predictor of the PNG format (its filter type 4). */
function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/**
 * How many distinct colours a PNG's pixels have (RGB or RGBA, 8 bits a channel, not interlaced: what Chromium's
 * screenshots are); throws on any other kind. A blank picture has one.
 */
export function pngColourCount(bytes: Buffer): number {
  const { width, height } = pngSize(bytes);
  const [depth, colourType, , , interlace] = bytes.subarray(24, 29);
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) {
    throw new Error(`a PNG of depth ${depth}, colour type ${colourType}, interlace ${interlace}: not read here`);
  }
  const channels = colourType === 6 ? 4 : 3;
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const filtered = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  const colours = new Set<string>();
  for (let row = 0; row < height; row++) {
    const start = row * (stride + 1);
    const filter = filtered[start];
    const line = Buffer.from(filtered.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!];
      if (predicted === undefined) throw new Error(`unknown PNG filter ${filter}`);
      line[i] = (line[i]! + predicted) & 0xff;
    }
    for (let i = 0; i < stride; i += channels) colours.add(line.toString('hex', i, i + channels));
    previous = line;
  }
  return colours.size;
}
