import type { ScenarioName, SimPayoutOrder, SimRecipient } from '../model';
import { jsonText, type Json } from './json-text';
import type { ScenarioEvent } from './scenario-event';
import type { SeededRandom } from '../seeded-random';
import type { Timeline } from './timeline';

/** What a scenario needs to write one recipient's events. */
export class RecipientContext {
  readonly events: ScenarioEvent[] = [];

  constructor(
    readonly order: SimPayoutOrder,
    readonly recipient: SimRecipient,
    readonly scenario: ScenarioName,
    readonly random: SeededRandom,
    readonly timeline: Timeline,
    readonly startTime: Date,
    private readonly unknownEventRate: number,
    private readonly usedSendIds: Set<string>,
  ) {}

  emit(streamKey: string, body: Json & { event: string }, occurredAt: Date): void {
    this.events.push({
      event: body.event,
      bodyText: jsonText(body),
      occurredAt,
      streamKey,
      orderUuid: this.order.uuid,
      recipientUuid: this.recipient.uuid,
      recipientEmail: this.recipient.email,
      scenario: this.scenario,
      payoutType: this.order.payout_type,
    });
  }

  /** Drawn once per recipient, at the same point of every scenario, so the seed fixes which recipients get one. */
  wantsUnknownEvent(): boolean {
    return this.random.chance(this.unknownEventRate);
  }

  /** A fresh external_send_id, unique within the order. */
  newExternalSendId(): string {
    for (;;) {
      const id = String(this.random.int(10_000_000, 99_999_999));
      if (!this.usedSendIds.has(id)) {
        this.usedSendIds.add(id);
        return id;
      }
    }
  }

  streamKey(...parts: string[]): string {
    return [this.order.uuid, this.recipient.uuid, ...parts].join('/');
  }
}
