import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test } from './fixtures';
import { ReplayPanel } from './pages/replay-panel';

test.use({ secret: testSecret });

interface Received {
  headers: Record<string, string | string[] | undefined>;
  sha256: string;
  body: string;
}

/** The user's webhook handler: records every request, answers 202 with a small JSON body. */
async function startHandler(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, sha256: sha256(Buffer.concat(chunks)), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(202, { 'Content-Type': 'application/json', 'X-Handler': 'e2e' });
      res.end(JSON.stringify({ accepted: received.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const signature = (bytes: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;

test('replay from the detail pane to a local handler shows its answer; re-signing uses the new secret', async ({ inspector, deliveriesPage }) => {
  const handler = await startHandler();
  try {
    const body = giftCardBody({ recipient_email: 'replay@example.com' });
    const headers = serviceHeaders(body);
    expect(await inspector.deliver('/webhooks', body, headers)).toBe(200);
    await deliveriesPage.select(deliveriesPage.rows.filter({ hasText: 'replay@example.com' }));

    const replay = new ReplayPanel(deliveriesPage.page);
    await expect(replay.history).toContainText(/not replayed/i);

    // Keep the original signature: the handler gets the exact bytes and the stored signature.
    await replay.keepSigning(handler.url);
    await replay.send();
    await expect(replay.result).toHaveAttribute('data-status', '202');
    await expect(replay.result.getByTestId('replay-response-body')).toHaveText('{"accepted":1}');
    await expect(replay.result).toContainText(/x-handler/i);
    expect(handler.received).toHaveLength(1);
    expect(handler.received[0]!.sha256).toBe(sha256(body));
    expect(handler.received[0]!.headers['x-service-signature']).toBe(headers['X-Service-Signature']);
    await expect(replay.historyRows).toHaveCount(1);

    // Re-sign with another secret: the signature is valid for that secret, the bytes unchanged.
    const otherSecret = 'whsec_the_handlers_own_test_secret';
    await replay.resign(handler.url, otherSecret);
    await expect(replay.panel.getByTestId('replay-secret')).toHaveAttribute('type', 'password');
    await replay.send();
    await expect(replay.result).toHaveAttribute('data-status', '202');
    await expect(replay.result.getByTestId('replay-response-body')).toHaveText('{"accepted":2}');
    expect(handler.received).toHaveLength(2);
    expect(handler.received[1]!.sha256).toBe(sha256(body));
    expect(handler.received[1]!.headers['x-service-signature']).toBe(signature(body, otherSecret));
    expect(handler.received[1]!.headers['x-service-signature']).not.toBe(headers['X-Service-Signature']);

    // The history lists both, newest first, and opens to what was sent.
    await expect(replay.historyRows).toHaveCount(2);
    await expect(replay.historyRows.nth(0)).toHaveAttribute('data-kind', 'replay');
    await expect(replay.historyRows.nth(0)).toHaveAttribute('data-status', '202');
    await expect(replay.historyRows.nth(0)).toContainText('re-signed');
    await expect(replay.historyRows.nth(1)).toContainText('original signature');
    await replay.historyRows.nth(0).locator('summary').click();
    await expect(replay.historyRows.nth(0)).toContainText(sha256(body));
    // The secret is never shown back.
    await expect(deliveriesPage.detail).not.toContainText(otherSecret);
  } finally {
    await handler.close();
  }
});

test('edit, then replay: a number edited in the body, 1.10 elsewhere kept as written, re-signed with the secret in force and listed as edited', async ({ inspector, deliveriesPage }) => {
  const handler = await startHandler();
  try {
    // Numbers as the service writes them, which a JSON parser would not write back (25.00, 1.10, 1e2).
    const body = Buffer.from('{"event":"gift_card.payout.processing","data":{"amount":25.00,"fee":1.10,"rate":1e2}}\n');
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
    await deliveriesPage.select(deliveriesPage.rows.first());

    const replay = new ReplayPanel(deliveriesPage.page);
    const { panel } = replay;
    await panel.getByTestId('replay-url').fill(handler.url);
    await panel.getByTestId('replay-edit-toggle').check();
    // Re-signed with the secret in force by default: the body's signature changes with its bytes.
    await expect(panel.getByTestId('replay-signing')).toHaveValue('inForce');

    const editor = panel.getByTestId('replay-edit-body');
    await expect(editor).toHaveValue(body.toString());
    await editor.fill((await editor.inputValue()).replace('"amount":25.00', '"amount":26.50'));
    await panel.getByTestId('replay-edit-header-add').click();
    await panel.getByTestId('replay-edit-header-name').last().fill('X-Test');
    await panel.getByTestId('replay-edit-header-value').last().fill('1');
    const userAgent = panel.getByTestId('replay-edit-header').filter({ has: deliveriesPage.page.locator('input[value="User-Agent"]') });
    await userAgent.getByTestId('replay-edit-header-remove').click();

    // What will be sent, before sending: its size and its signature under the secret in force.
    const edited = Buffer.from(body.toString().replace('"amount":25.00', '"amount":26.50'));
    const preview = panel.getByTestId('replay-preview');
    await expect(preview.getByTestId('replay-preview-signature')).toHaveText(`X-Service-Signature: ${signature(edited, testSecret)}`);
    await expect(preview.getByTestId('replay-preview-size')).toHaveText(`${edited.byteLength} B`);
    expect(handler.received).toHaveLength(0);

    await replay.send();
    await expect(replay.result).toHaveAttribute('data-status', '202');
    expect(handler.received).toHaveLength(1);
    const [got] = handler.received;
    expect(got!.sha256).toBe(sha256(edited));
    expect(got!.body).toContain('"amount":26.50,"fee":1.10,"rate":1e2');
    expect(got!.headers['x-service-signature']).toBe(signature(edited, testSecret));
    expect(got!.headers['x-test']).toBe('1');
    expect(got!.headers['user-agent']).toBeUndefined();

    // Listed as edited; it opens to what changed from its delivery.
    const row = replay.historyRows.nth(0);
    await expect(row.getByTestId('replay-edited')).toHaveText('edited');
    await row.locator('summary').click();
    await row.getByTestId('replay-edited-show').click();
    const diff = row.getByTestId('replay-edited-diff');
    await expect(diff.locator('.diff-removed')).toContainText('"amount":25.00,"fee":1.10');
    await expect(diff.locator('.diff-added')).toContainText('"amount":26.50,"fee":1.10');
    await expect(row.getByTestId('replay-edited-headers')).toContainText('+ X-Test: 1');
  } finally {
    await handler.close();
  }
});
