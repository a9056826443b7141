import { randomBytes } from 'node:crypto';
import type { Caller } from './access';

/**
 * Single-use, short-lived tickets to open the event stream: an EventSource cannot send the token in a header,
 * and a token in a URL ends up in proxies' access logs. A ticket is worth one stream, for 30 s.
 */
export class EventTickets {
  private readonly tickets = new Map<string, { caller: Caller; expiresAt: number }>();

  constructor(
    readonly lifetimeMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  issue(caller: Caller): { ticket: string; expiresInMs: number } {
    this.dropExpired();
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { caller, expiresAt: this.now() + this.lifetimeMs });
    return { ticket, expiresInMs: this.lifetimeMs };
  }

  /** The caller the ticket was issued to, once; null for a ticket unknown, used or expired. */
  redeem(ticket: string): Caller | null {
    const held = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    return held !== undefined && held.expiresAt > this.now() ? held.caller : null;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [ticket, { expiresAt }] of this.tickets) if (expiresAt <= now) this.tickets.delete(ticket);
  }
}
