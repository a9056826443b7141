import type { ImportResult, TransferExportRequest } from '../../../shared/fixtures';
import { saveBytes } from './native-extras';
import { sessionToken } from './session-token';

/** A download or an upload that did not give its result: the server's `{ error }`, or why it could not be reached. */
export class TransferFailure extends Error {
  constructor(
    /** HTTP status; 0 when the inspector could not be reached. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TransferFailure';
  }
}

function failureFrom(status: number, text: string): TransferFailure {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return new TransferFailure(status, body.error);
  } catch {
    // Not the server's JSON (a proxy's page): say the status.
  }
  return new TransferFailure(status, `the inspector answered HTTP ${status}`);
}

const authorization = () => `Bearer ${sessionToken() ?? ''}`;

function attachmentName(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/**
 * An export as a download (a team server writes no files of its own): fetched with the token in its header, never
 * in a URL, then saved as a file (the desktop's save dialog, or the browser's downloads), named `saveAs` or as the
 * server names it.
 */
export async function downloadExport(request: TransferExportRequest, saveAs?: string): Promise<{ name: string; path: string | null }> {
  let response: Response;
  try {
    response = await fetch('/transfer/export', {
      method: 'POST',
      headers: { Authorization: authorization(), 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new TransferFailure(0, 'The inspector cannot be reached. Is it still running?');
  }
  if (!response.ok) throw failureFrom(response.status, await response.text());
  const name = saveAs ?? attachmentName(response.headers.get('content-disposition')) ?? `export.${request.format}`;
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { name, path: await saveBytes(name, bytes, response.headers.get('content-type') ?? 'application/octet-stream') };
}

/**
 * A file sent to be imported (a fixtures archive, a HAR file or an NDJSON export): the server imports it as it
 * arrives; `onSent` tells how much of it has left this page.
 */
export function uploadImport(file: File, onSent: (sent: number, total: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports an upload's progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/transfer/import?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Authorization', authorization());
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onSent(event.loaded, event.total);
    xhr.onload = () => {
      if (xhr.status === 200) resolve(JSON.parse(xhr.responseText) as ImportResult);
      else reject(failureFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new TransferFailure(0, 'The upload stopped before the inspector answered: is it still running?'));
    xhr.send(file);
  });
}
