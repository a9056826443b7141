import { CallErrorMessage } from '../../components/CallErrorMessage';
import { plural } from '../../lib/format';
import { useDemoOrder } from '../simulator/useDemoOrder';
import { RoleGate } from '../../components/RoleGate';

/** The quickest way to see traffic: the embedded simulator sends a realistic order's webhooks here. */
export function EmptyDemoOrder() {
  const demo = useDemoOrder();
  const recipients = demo.orders?.reduce((sum, order) => sum + order.recipients, 0) ?? 0;
  return (
    <div className="empty-demo">
      <p>The embedded payout-service simulator is running. Have it send the webhooks of a realistic order, with retries and every scenario:</p>
      <RoleGate call="simulator.createDemoOrder" doing="create demo payout orders" inline>
        <button type="button" className="primary" data-testid="empty-create-demo" disabled={demo.busy} onClick={demo.create}>
          {demo.busy ? 'Creating…' : 'Create demo payout order'}
        </button>
      </RoleGate>
      {demo.orders && (
        <p className="ok-text" role="status" data-testid="empty-demo-done">
          Created {plural(demo.orders.length, 'payout order')} for {plural(recipients, 'recipient')}; their deliveries show up here in a few seconds.
        </p>
      )}
      <CallErrorMessage error={demo.error} testId="empty-demo-error" />
    </div>
  );
}
