import type { CoreStatus } from '../../../../shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { EmptyDemoOrder } from './EmptyDemoOrder';

/** What to do when nothing has arrived yet: where to send, and a command that does it. */
export function EmptyDeliveries({ status }: { status: CoreStatus | null }) {
  const httpsUrl = status?.receivers.https ?? null;
  const receiver = httpsUrl ?? status?.receivers.http ?? null;
  if (!receiver) {
    return (
      <div className="empty-state" data-testid="deliveries-empty">
        <h2>No deliveries yet</h2>
        <p>Waiting for the receiver to start…</p>
      </div>
    );
  }
  const simulator = status?.service.mode === 'simulator';
  const target = `${receiver.replace(/\/$/, '')}/webhooks`;
  const insecureFlag = httpsUrl ? '-k ' : '';
  const curl = `curl ${insecureFlag}-X POST ${target} -H 'Content-Type: application/json' -d '{"event":"payout.processing"}'`;

  return (
    <div className="empty-state" data-testid="deliveries-empty">
      <h2>No deliveries yet</h2>
      {simulator && <EmptyDemoOrder />}
      <p>
        {simulator ? 'Or point' : 'Point'} the payout service&apos;s <code>callback_url</code> at the receiver; any path works. Deliveries show up here
        the moment they arrive.
      </p>
      <div className="empty-command">
        <code>{receiver}</code>
        <CopyButton text={receiver} what="receiver URL" />
      </div>
      <p>Or send a test delivery from a terminal:</p>
      <div className="empty-command">
        <code data-testid="empty-curl">{curl}</code>
        <CopyButton text={curl} what="curl command" />
      </div>
      {httpsUrl && (
        <p className="muted">
          The receiver uses its own self-signed certificate, hence <code>-k</code>; compare its SHA-256 fingerprint with the one in
          the top bar.
        </p>
      )}
    </div>
  );
}
