import { CallErrorMessage } from './CallErrorMessage';

export function ActionOutcome({ error, done, testId }: { error: unknown; done: string | null; testId: string }) {
  if (error) return <CallErrorMessage error={error} testId={`${testId}-error`} />;
  if (done)
    return (
      <p className="ok-text" role="status" data-testid={`${testId}-done`}>
        {done}
      </p>
    );
  return null;
}
