import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startTestCore } from '../support/core-fixture';

// The receiver's TLS handshake timeout is 10 s: a close that waited it out would miss this test's deadline.
it('stops at once with a sender still in its TLS handshake, and drops that connection', { timeout: 6_000 }, async () => {
  const t = await startTestCore({ timeouts: { handshakeMs: 10_000 } });
  const { hostname, port } = new URL(t.receiverUrl);
  const sender = connect({ host: hostname, port: Number(port) });
  const dropped = new Promise<void>((done) => sender.once('close', () => done()));
  sender.on('error', () => {});
  await new Promise<void>((connected) => sender.once('connect', () => connected()));

  await t.stop();
  await dropped;
  expect(sender.destroyed).toBe(true);
});
