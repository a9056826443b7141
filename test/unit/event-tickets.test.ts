import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/main/core/control/access';
import { EventTickets } from '../../src/main/core/control/event-tickets';

const caller: Caller = { context: { user: 'ann', role: 'member' }, credential: 'ab' };

describe('event stream tickets', () => {
  it('open one stream: the first redeem gets the caller, any later one nothing', () => {
    const tickets = new EventTickets();
    const { ticket } = tickets.issue(caller);
    expect(tickets.redeem(ticket)).toBe(caller);
    expect(tickets.redeem(ticket)).toBeNull();
    expect(tickets.redeem('never-issued')).toBeNull();
  });

  it('expire after their lifetime, used or not', () => {
    let now = 1_000;
    const tickets = new EventTickets(30_000, () => now);
    const early = tickets.issue(caller);
    const late = tickets.issue(caller);
    now += 29_999;
    expect(tickets.redeem(early.ticket)).toBe(caller);
    now += 1;
    expect(tickets.redeem(late.ticket)).toBeNull();
  });

  it('are unguessable and distinct', () => {
    const tickets = new EventTickets();
    const issued = new Set(Array.from({ length: 100 }, () => tickets.issue(caller).ticket));
    expect(issued.size).toBe(100);
    for (const ticket of issued) expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
