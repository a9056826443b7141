/** Why the form was not sent, one line a problem. */
export function FormProblems({ problems, testId }: { problems: readonly string[]; testId: string }) {
  if (problems.length === 0) return null;
  return (
    <div className="call-error" role="alert" data-testid={testId}>
      {problems.map((problem) => (
        <div key={problem}>{problem}</div>
      ))}
    </div>
  );
}

/** Why the form was not sent, when there is a single reason. */
export function FormProblem({ problem, testId }: { problem: string | null; testId?: string }) {
  if (!problem) return null;
  return (
    <p className="call-error" role="alert" data-testid={testId}>
      {problem}
    </p>
  );
}
