import { CallFailure, describeError } from '../api/client';

/** A failed call, said plainly: what to do first when the core knows, then the detail and the server's field issues. */
export function CallErrorMessage({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  const issues = error instanceof CallFailure ? error.issues : [];
  const advice = error instanceof CallFailure ? error.advice : null;
  return (
    <div className="call-error" role="alert" data-testid={testId ?? 'call-error'}>
      {advice && (
        <p className="call-error-advice" data-testid="call-error-advice">
          {advice}
        </p>
      )}
      <span className={advice ? 'call-error-detail' : undefined}>{describeError(error)}</span>
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
