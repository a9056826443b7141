const units: Record<string, number> = { '': 1, b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };

/** A size as people write it: `500000`, `500MB`, `2GiB`, `1.5 GB`. */
export function parseSize(text: string, flag: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? units[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) throw new Error(`${flag} must be a size such as 500MB or 2GiB, not "${text}"`);
  return Math.floor(Number(match[1]) * unit);
}

export function parseCount(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${flag} must be a whole number of at least 1, not "${text}"`);
  return Number(text);
}
