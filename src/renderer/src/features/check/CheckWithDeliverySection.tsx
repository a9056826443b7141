import type { DeliveryDetail } from '../../../../shared/delivery';
import { checkableForms } from '../../../../shared/handler-check';
import { RouteLink } from '../../components/RouteLink';
import { routes } from '../../lib/links';
import { DetailSection } from '../deliveries/detail/DetailSection';

/** From a delivery of the service: the Check view with it added, to see whether the user's handler acknowledges it. */
export function CheckWithDeliverySection({ detail }: { detail: Pick<DeliveryDetail, 'id' | 'form'> }) {
  if (!checkableForms.has(detail.form)) return null;
  return (
    <DetailSection title="Handler check">
      <p className="check-with-delivery">
        <RouteLink to={routes.checkWithDeliveries([detail.id])} testId="check-with-delivery">
          Check my handler with this delivery
        </RouteLink>{' '}
        <span className="muted">opens Check with it added: its body is sent with the other cases, signed again with the secret in force</span>
      </p>
    </DetailSection>
  );
}
