import { CallFailure, describeError } from '../api/client';

/** A failed call, said plainly, with the server's field issues when it gave any. */
export function CallErrorMessage({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  const issues = error instanceof CallFailure ? error.issues : [];
  return (
    <div className="call-error" role="alert" data-testid={testId ?? 'call-error'}>
      <span>{describeError(error)}</span>
      {issues.length > 0 && (
        <ul>
          {issues.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
