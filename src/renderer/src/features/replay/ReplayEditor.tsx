import type { ReplayPreview } from '../../../../shared/replay';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { formatBytes } from '../../lib/format';
import { headerRow, type EditDraft } from './edit-draft';

interface ReplayEditorProps {
  draft: EditDraft;
  onChange: (draft: EditDraft) => void;
  onRevert: () => void;
}

/** The body as raw text (what is not edited keeps its bytes) and the headers to send, as a table. */
export function ReplayEditor({ draft, onChange, onRevert }: ReplayEditorProps) {
  const setHeader = (key: number, change: { name?: string; value?: string }) =>
    onChange({ ...draft, headers: draft.headers.map((row) => (row.key === key ? { ...row, ...change } : row)) });
  return (
    <div className="replay-editor" data-testid="replay-editor">
      <label className="field replay-editor-body">
        <span>
          Body <span className="muted">edited as text: what you do not change is sent byte for byte, numbers as written</span>
        </span>
        {draft.original === null ? (
          <p className="muted" data-testid="replay-edit-body-binary">
            This body is not UTF-8 text: it is sent as stored. Its headers can still be edited.
          </p>
        ) : (
          <textarea
            data-testid="replay-edit-body"
            className="mono"
            spellCheck={false}
            autoComplete="off"
            rows={Math.min(20, Math.max(6, draft.body.split('\n').length + 1))}
            value={draft.body}
            onChange={(event) => onChange({ ...draft, body: event.target.value })}
          />
        )}
      </label>
      <div className="replay-editor-headers">
        <span>
          Headers <span className="muted">in the order sent; Host and Content-Length are the sender's</span>
        </span>
        <table className="replay-edit-headers" data-testid="replay-edit-headers">
          <tbody>
            {draft.headers.map((row) => (
              <tr key={row.key} data-testid="replay-edit-header">
                <td>
                  <input
                    aria-label="Header name"
                    data-testid="replay-edit-header-name"
                    className="mono"
                    spellCheck={false}
                    value={row.name}
                    onChange={(event) => setHeader(row.key, { name: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Value of ${row.name || 'the header'}`}
                    data-testid="replay-edit-header-value"
                    className="mono"
                    spellCheck={false}
                    value={row.value}
                    onChange={(event) => setHeader(row.key, { value: event.target.value })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    data-testid="replay-edit-header-remove"
                    aria-label={`Remove ${row.name || 'this header'}`}
                    onClick={() => onChange({ ...draft, headers: draft.headers.filter((other) => other.key !== row.key) })}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="replay-editor-actions">
          <button type="button" data-testid="replay-edit-header-add" onClick={() => onChange({ ...draft, headers: [...draft.headers, headerRow()] })}>
            Add header
          </button>
          <button type="button" data-testid="replay-edit-revert" onClick={onRevert}>
            Revert to the stored delivery
          </button>
        </div>
      </div>
    </div>
  );
}

interface ReplayPreviewLineProps {
  preview: ReplayPreview | null;
  /** Why the preview cannot be shown: the draft's problem, or the call's refusal. */
  problem: string | null;
  error: unknown;
}

/** What will be sent, before sending: the body's size and hash, and the signature. */
export function ReplayPreviewLine({ preview, problem, error }: ReplayPreviewLineProps) {
  return (
    <div className="replay-preview" data-testid="replay-preview" role="status" data-edited={preview?.edited ?? ''}>
      <span className="replay-preview-title">Will send</span>
      {problem !== null ? (
        <span className="warn-text">{problem}</span>
      ) : error ? (
        <CallErrorMessage error={error} testId="replay-preview-error" />
      ) : preview === null ? (
        <span className="muted">…</span>
      ) : (
        <>
          <span data-testid="replay-preview-size">{formatBytes(preview.bodySize)}</span>
          <span className="mono digest muted" title={`sha256 ${preview.bodySha256}`}>
            sha256 {preview.bodySha256.slice(0, 12)}…
          </span>
          <span className="mono" data-testid="replay-preview-signature">
            {preview.signature === null ? (
              <span className="muted">no X-Service-Signature</span>
            ) : preview.madeAtSending.includes('X-Service-Signature') ? (
              <span className="muted">a wrong signature, made at sending</span>
            ) : (
              `X-Service-Signature: ${preview.signature}`
            )}
          </span>
          {!preview.edited && <span className="muted">(as stored: nothing edited)</span>}
        </>
      )}
    </div>
  );
}
