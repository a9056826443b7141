import type { StoredDelivery } from './selection';

export interface ReceiverUrls {
  https: string | null;
  http: string | null;
}

const fallbackOrigin = 'https://127.0.0.1:8443';

/** The receiver origin a delivery came in on: plain HTTP when it came without TLS and that receiver runs, else HTTPS. */
export function receiverOriginOf(urls: ReceiverUrls): (delivery: Pick<StoredDelivery, 'tls'>) => string {
  return (delivery) => (!delivery.tls && urls.http ? urls.http : (urls.https ?? urls.http ?? fallbackOrigin));
}
