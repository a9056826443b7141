/** Header pairs exactly as given: order, case and repeats kept. */
export function HeaderPairsTable({ headers, className, testId }: { headers: readonly (readonly [string, string])[]; className?: string; testId?: string }) {
  return (
    <table className={className ? `kv-table mono ${className}` : 'kv-table mono'} data-testid={testId}>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={index}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
