import { PeerText } from './PeerText';

/** Header pairs exactly as given: order, case and repeats kept; what would hide or reorder text shown escaped. */
export function HeaderPairsTable({ headers, className, testId }: { headers: readonly (readonly [string, string])[]; className?: string; testId?: string }) {
  return (
    <table className={className ? `kv-table mono ${className}` : 'kv-table mono'} data-testid={testId}>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={index}>
            <th scope="row">
              <PeerText text={name} />
            </th>
            <td>
              <PeerText text={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
