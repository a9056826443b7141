import { z } from 'zod';
import type { ReplayEdit } from '../../../../shared/replay';
import { deliveryHeaders } from '../../../../shared/replay-headers';
import { decodeBase64 } from '../../lib/raw-bytes';
import { editableText, editedBytes, textareaText, toBase64 } from './edited-body';

const HeaderRow = z.object({ name: z.string(), value: z.string() });
export type HeaderRow = z.infer<typeof HeaderRow>;

/** "Edit, then replay" as typed: the body as text (never re-serialised) and the headers to send, in rows. */
export const EditFields = z.object({
  editing: z.boolean(),
  /** The stored body as text, or null when it is not UTF-8 (its bytes are then sent as stored). */
  original: z.string().nullable(),
  /** What the textarea holds. */
  body: z.string(),
  headers: z.array(HeaderRow),
});
export type EditFields = z.infer<typeof EditFields>;

/** The stored delivery, as the editor starts from it. */
export interface EditSource {
  bodyBase64: string;
  headers: Array<[string, string]>;
}

/** The editor opened on a stored delivery: its body, and the headers a replay would send (no Host, Content-Length…). */
export function editorFieldsOf(source: EditSource): Omit<EditFields, 'editing'> {
  const original = editableText(decodeBase64(source.bodyBase64));
  return {
    original,
    body: original === null ? '' : textareaText(original),
    headers: deliveryHeaders(source.headers).map(([name, value]) => ({ name, value })),
  };
}

/** The edit a replay sends for the editor's fields, for ReplayEdit to check: the body's exact bytes, the headers' names trimmed. */
export function replayEdit({ original, body, headers }: Omit<EditFields, 'editing'>): z.input<typeof ReplayEdit> {
  const rows = headers.map(({ name, value }): [string, string] => [name.trim(), value]);
  return original === null ? { headers: rows } : { bodyBase64: toBase64(editedBytes(original, body)), headers: rows };
}

/** What is wrong with the edit, as ReplayEdit said it (its issue's path inside the edit), naming the header at fault. */
export function editProblem(issue: z.core.$ZodIssue, headers: readonly HeaderRow[]): string {
  const [, field, row, column] = issue.path;
  if (field !== 'headers' || typeof row !== 'number') return `${capitalized(issue.message)}.`;
  const { name } = headers[row] ?? { name: '' };
  if (column === 1) return `The value of ${name.trim()}: ${issue.message}.`;
  return name.trim() === '' ? 'A header has no name: give it one, or remove its row.' : `"${name}" is not a header name: ${issue.message}.`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
