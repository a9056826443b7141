import { DetailSection } from '../deliveries/detail/DetailSection';
import { CurlCopyButton } from './CurlCopyButton';
import { SelectionExports } from './SelectionExports';

/** One delivery as a cURL command, a HAR or a test fixture. */
export function DeliveryExportSection({ deliveryId }: { deliveryId: number }) {
  return (
    <DetailSection title="Export">
      <SelectionExports
        selection={{ deliveryIds: [deliveryId] }}
        fileStem={`delivery-${deliveryId}`}
        fixturesLabel="Export fixture"
        leading={<CurlCopyButton deliveryId={deliveryId} />}
      />
    </DetailSection>
  );
}
