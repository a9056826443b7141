import type { ReplayEdit } from '../../../../shared/replay';
import { deliveryHeaders } from '../../../../shared/replay-headers';
import { decodeBase64 } from '../../lib/raw-bytes';
import { editableText, editedBytes, textareaText, toBase64 } from './edited-body';

/** One row of the editor's headers table; `key` keeps a row's inputs while others are added and removed. */
export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

/** "Edit, then replay" as typed: the body as text (never re-serialised) and the headers to send. */
export interface EditDraft {
  /** The stored body as text, or null when it is not UTF-8 (its bytes are then sent as stored). */
  original: string | null;
  /** What the textarea holds. */
  body: string;
  headers: HeaderRow[];
}

/** The stored delivery, as the editor starts from it. */
export interface EditSource {
  bodyBase64: string;
  headers: Array<[string, string]>;
}

let nextKey = 1;
export const headerRow = (name = '', value = ''): HeaderRow => ({ key: nextKey++, name, value });

/** The editor opened on a stored delivery: its body, and the headers a replay would send (no Host, Content-Length…). */
export function freshEditDraft(source: EditSource): EditDraft {
  const original = editableText(decodeBase64(source.bodyBase64));
  return {
    original,
    body: original === null ? '' : textareaText(original),
    headers: deliveryHeaders(source.headers).map(([name, value]) => headerRow(name, value)),
  };
}

const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const valuePattern = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The edit to send, or what is wrong with it, said before any call. */
export function editFromDraft(draft: EditDraft): { edit: ReplayEdit } | { problem: string } {
  for (const { name, value } of draft.headers) {
    if (name.trim() === '') return { problem: 'A header has no name: give it one, or remove its row.' };
    if (!tokenPattern.test(name.trim())) return { problem: `"${name}" is not a header name: letters, digits and !#$%&'*+-.^_\`|~ only.` };
    if (!valuePattern.test(value)) return { problem: `The value of ${name} holds a line break or another control character, which no header can carry.` };
  }
  const headers = draft.headers.map(({ name, value }): [string, string] => [name.trim(), value]);
  if (draft.original === null) return { edit: { headers } };
  return { edit: { bodyBase64: toBase64(editedBytes(draft.original, draft.body)), headers } };
}
