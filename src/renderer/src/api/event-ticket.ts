import { sessionToken } from './session-token';
import { noteTokenRefusal, TokenRefused, tokenRefusal } from './token-refusal';

/**
 * The event stream's address for one connection: a single-use ticket bought with the token (an EventSource
 * cannot send a header, and a token in a URL would land in proxies' access logs).
 */
export async function ticketedEventStreamUrl(): Promise<string> {
  const response = await fetch('/events/ticket', { method: 'POST', headers: { Authorization: `Bearer ${sessionToken() ?? ''}` } });
  if (!response.ok) {
    if (noteTokenRefusal(response.status, await response.json().catch(() => null))) throw new TokenRefused(tokenRefusal.get()!);
    throw new Error(`the event stream's ticket was refused (HTTP ${response.status})`);
  }
  const { ticket } = (await response.json()) as { ticket: string };
  return `/events?ticket=${encodeURIComponent(ticket)}`;
}
