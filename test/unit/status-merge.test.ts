import { describe, expect, it } from 'vitest';
import type { CoreStatus } from '../../src/shared/contract';
import { newerStatus, statusAsRead, withStored } from '../../src/renderer/src/hooks/status-merge';

// The top bar's status is read, told by events and given by settings calls, which travel apart: the one the core
// read last is shown, whichever lands last.

const status = (revision: number, deliveries = 0): CoreStatus =>
  ({ revision, deliveryCount: deliveries, retention: { kept: { deliveries, bytes: deliveries * 100 } } }) as unknown as CoreStatus;

describe('the status shown', () => {
  it('keeps the one the core read last, whichever lands last', () => {
    expect(newerStatus(status(5), status(4)).revision).toBe(5);
    expect(newerStatus(status(5), status(6)).revision).toBe(6);
    expect(newerStatus(undefined, status(1)).revision).toBe(1);
  });

  it('keeps the stored counts events brought while a read was on its way, and never a read older than what is shown', () => {
    const shown = withStored(status(3, 10), { deliveries: 12, bytes: 1200 });
    expect(statusAsRead(shown, status(4, 10), true).deliveryCount).toBe(12);
    expect(statusAsRead(shown, status(4, 10), false).deliveryCount).toBe(10);
    expect(statusAsRead(shown, status(2, 0), true)).toBe(shown);
  });
});
