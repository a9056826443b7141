/** FNV-1a: turns a seed and labels into a 32-bit PRNG state. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A small deterministic PRNG (mulberry32) for the simulator's records, scenarios and delivery
 * decisions. Not for secrets: the same seed gives the same simulated service, which is the point.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  }

  /**
   * An independent stream for one purpose (one collection, one order), unaffected by how much other
   * streams drew: adding a collection never changes the records of another.
   */
  static forKey(seed: number | string, ...labels: string[]): SeededRandom {
    return new SeededRandom(hashText([String(seed), ...labels].join('\u0000')));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return probability > 0 && this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
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

  hex(length: number): string {
    let text = '';
    while (text.length < length) text += this.int(0, 0xffff).toString(16).padStart(4, '0');
    return text.slice(0, length);
  }

  /** A version-4 shaped UUID drawn from the stream. */
  uuid(): string {
    const hex = this.hex(32);
    const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** An instant between `from` and `to` (ms since epoch), rounded to the second. */
  instant(from: number, to: number): Date {
    return new Date(Math.floor((from + this.next() * (to - from)) / 1000) * 1000);
  }
}
