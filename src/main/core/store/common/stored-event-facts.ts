import { arrivedEvent, type ArrivedEvent, type EventFacts } from '../../analysis/lifecycle';

/** What a fact is when the stored text leaves it out. */
const absent: Omit<EventFacts, 'id'> = {
  event: null,
  eventTime: null,
  status: null,
  subject: null,
  orderUuid: null,
  recipientEmail: null,
  hasData: false,
  hasTxHash: false,
  txHash: null,
  firstTxid: null,
  quote: null,
};
const factNames = ['id', ...Object.keys(absent)] as Array<keyof EventFacts>;

/**
 * A lifecycle's events' facts as its summary row keeps them (`event_facts`, JSON, in arrival order), so that a new
 * event grows the summary without the others' bodies: each event an object of its facts, null and false left out.
 */
export function storedEventFacts(events: readonly EventFacts[]): string {
  return JSON.stringify(
    events.map((event) => {
      const kept: Partial<Record<keyof EventFacts, unknown>> = {};
      for (const name of factNames) if (event[name] !== null && event[name] !== false) kept[name] = event[name];
      return kept;
    }),
  );
}

/**
 * The events a summary row keeps, in arrival order. Only their first delivery is known (the row counts the others),
 * and their idempotency keys are not kept: what a summary is computed from, not a lifecycle to show.
 */
export function eventsOfStoredFacts(text: string): ArrivedEvent[] {
  return (JSON.parse(text) as Array<Partial<EventFacts> & { id: number }>).map((kept) =>
    arrivedEvent(
      {
        id: kept.id,
        event: kept.event ?? absent.event,
        eventTime: kept.eventTime ?? absent.eventTime,
        status: kept.status ?? absent.status,
        subject: kept.subject ?? absent.subject,
        orderUuid: kept.orderUuid ?? absent.orderUuid,
        recipientEmail: kept.recipientEmail ?? absent.recipientEmail,
        hasData: kept.hasData ?? absent.hasData,
        hasTxHash: kept.hasTxHash ?? absent.hasTxHash,
        txHash: kept.txHash ?? absent.txHash,
        firstTxid: kept.firstTxid ?? absent.firstTxid,
        quote: kept.quote ?? absent.quote,
      },
      [kept.id],
      null,
    ),
  );
}
