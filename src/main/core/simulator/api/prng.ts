/** mulberry32: a tiny 32-bit PRNG, fast and good enough for made-up records. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A seed for one named stream (FNV-1a over seed and label), so each collection draws from its own
 * stream and adding a collection never changes the records of another.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed >>> 0}:${label}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class SeededRandom {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  static stream(seed: number, label: string): SeededRandom {
    return new SeededRandom(deriveSeed(seed, label));
  }

  /** In [0, 1). */
  fraction(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A different order of the same items (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /** A decimal string in [min, max] with exactly `places` decimals, drawn in whole units of the last place. */
  decimal(min: number, max: number, places: number): string {
    const scale = 10 ** places;
    const units = this.int(Math.round(min * scale), Math.round(max * scale));
    const whole = Math.floor(units / scale);
    const fraction = String(units % scale).padStart(places, '0');
    return places === 0 ? String(whole) : `${whole}.${fraction}`;
  }

  /** A version-4-shaped UUID drawn from the stream. */
  uuid(): string {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i += 4) {
      const word = Math.floor(this.next() * 4_294_967_296);
      bytes[i] = word >>> 24;
      bytes[i + 1] = (word >>> 16) & 0xff;
      bytes[i + 2] = (word >>> 8) & 0xff;
      bytes[i + 3] = word & 0xff;
    }
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** An instant between `from` and `to` (ms since epoch), rounded to the second. */
  instant(from: number, to: number): Date {
    return new Date(Math.floor((from + this.next() * (to - from)) / 1000) * 1000);
  }
}
