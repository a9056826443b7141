import { ServiceApiError } from './errors';

/** Spec 2.5: `callback_url` is optional and must be HTTPS; checked before the order is sent. */
export function checkCallbackUrl(callbackUrl: string | undefined): void {
  if (callbackUrl === undefined) return;
  const url = URL.parse(callbackUrl);
  if (url === null) throw new ServiceApiError(400, `callback_url is not an absolute URL: ${JSON.stringify(callbackUrl)}; the order was not sent`);
  if (url.protocol !== 'https:') {
    throw new ServiceApiError(
      400,
      `callback_url must be an https: URL, not ${url.protocol} (spec 2.5); the order was not sent. Use the receiver's HTTPS URL or an HTTPS tunnel.`,
    );
  }
}
