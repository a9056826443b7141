import type { DeliveryDetail } from '../../../../../shared/delivery';
import { CopyButton } from '../../../components/CopyButton';
import { HeaderPairsTable } from '../../../components/HeaderPairsTable';
import { DetailSection } from './DetailSection';

/** Header pairs exactly as received: order, case and repeats kept. */
export function HeadersSection({ headers }: { headers: DeliveryDetail['headers'] }) {
  const asText = headers.map(([name, value]) => `${name}: ${value}`).join('\n');
  return (
    <DetailSection title="Headers" aside={<><span className="muted">{headers.length}</span><CopyButton text={asText} what="headers" /></>}>
      <HeaderPairsTable headers={headers} testId="detail-headers" />
    </DetailSection>
  );
}
