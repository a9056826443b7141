import type { ParsedBody } from '../../analysis/parse-body';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';

/** The parsed bodies kept unless told otherwise: by count, and by the length of their texts together. */
export const recentParsedBodiesKept = { count: 2_048, textChars: 16 * 2 ** 20 };

/** A parsed body's text, whose length its parsed value's size follows (a few times it). */
const textLength = (parsed: ParsedBody): number => ('text' in parsed ? parsed.text.length : 0);

/**
 * The parsed bodies of the latest deliveries, by row id: the events of a lifecycle arrive close
 * together, so refreshing its summary mostly finds its bodies here instead of parsing them again.
 * The oldest are let go past `capacity` bodies or past `maxTextChars` of their texts together, so that a few
 * large bodies do not hold a writer's heap as thousands of small ones would not.
 */
export class RecentParsedBodies {
  private readonly byId = new Map<number, ParsedBody>();
  private textChars = 0;

  constructor(
    private readonly capacity = recentParsedBodiesKept.count,
    private readonly maxTextChars = recentParsedBodiesKept.textChars,
  ) {}

  remember(id: number, parsed: ParsedBody): void {
    const replaced = this.byId.get(id);
    if (replaced !== undefined) this.textChars -= textLength(replaced);
    this.byId.set(id, parsed);
    this.textChars += textLength(parsed);
    while (this.byId.size > this.capacity || (this.textChars > this.maxTextChars && this.byId.size > 0)) {
      const [oldest, body] = this.byId.entries().next().value!;
      this.byId.delete(oldest);
      this.textChars -= textLength(body);
    }
  }

  /** Keeps a stored record's parsed body when a lifecycle summary will need it. */
  rememberStored(id: number, record: Pick<DeliveryRecord, 'parsedBody' | 'analysis'>): void {
    if (record.parsedBody && record.analysis.lifecycle.lifecycleKey !== null) this.remember(id, record.parsedBody);
  }

  get(id: number): ParsedBody | undefined {
    return this.byId.get(id);
  }

  /** How many are kept, and the length of their texts together. */
  get size(): { bodies: number; textChars: number } {
    return { bodies: this.byId.size, textChars: this.textChars };
  }
}
