import type { FieldErrors, FieldValues } from 'react-hook-form';

/** A form's errors (from its zod schema, through zodResolver) as lines, each named by its field's label. */
export function fieldProblems<V extends FieldValues>(errors: FieldErrors<V>, labels: Partial<Record<keyof V, string>>): string[] {
  const lines: string[] = [];
  const walk = (node: unknown, name: string | undefined) => {
    if (typeof node !== 'object' || node === null) return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') {
      lines.push(name === undefined ? message : `${name}: ${message}`);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') walk(child, name ?? labels[key as keyof V] ?? key);
  };
  for (const [key, error] of Object.entries(errors)) walk(error, key === 'root' ? undefined : (labels[key as keyof V] ?? key));
  return lines;
}

/** A number field's bounds as its schema states them, e.g. "from 1 to 36500", to say them in a problem's line. */
export function range(field: { minValue: number | null; maxValue: number | null }): string {
  if (field.maxValue === null || !Number.isFinite(field.maxValue)) return `of at least ${field.minValue ?? 0}`;
  return `from ${field.minValue ?? 0} to ${field.maxValue}`;
}

/**
 * For a form that says each field's rule in its own words: the sentence of the first field with an error, in
 * `sentences`' order (a field named by the first segment of its error's path).
 */
export function firstProblem(errors: FieldErrors, sentences: Readonly<Record<string, string>>): string | null {
  const field = Object.keys(sentences).find((name) => errors[name] !== undefined);
  return field === undefined ? null : (sentences[field] ?? null);
}
