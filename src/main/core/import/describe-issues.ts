import type { z } from 'zod';

/** The first few schema issues as one line (paths and expectations only, never the values read). */
export function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return lines.join('; ') + more;
}
