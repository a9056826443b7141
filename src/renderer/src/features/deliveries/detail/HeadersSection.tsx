import type { DeliveryDetail } from '../../../../../shared/delivery';
import { CopyButton } from '../../../components/CopyButton';
import { DetailSection } from './DetailSection';

/** Header pairs exactly as received: order, case and repeats kept. */
export function HeadersSection({ headers }: { headers: DeliveryDetail['headers'] }) {
  const asText = headers.map(([name, value]) => `${name}: ${value}`).join('\n');
  return (
    <DetailSection title="Headers" aside={<><span className="muted">{headers.length}</span><CopyButton text={asText} what="headers" /></>}>
      <table className="kv-table mono" data-testid="detail-headers">
        <tbody>
          {headers.map(([name, value], index) => (
            <tr key={index}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailSection>
  );
}
