import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ReplayPreview } from '../../../../shared/replay';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { formatBytes } from '../../lib/format';
import { editorFieldsOf, type EditSource } from './edit-fields';
import type { ReplayFields, ReplayRequest } from './replay-fields';

interface ReplayEditorProps {
  form: UseFormReturn<ReplayFields, unknown, ReplayRequest>;
  /** The stored delivery, which "Revert" goes back to. */
  source: EditSource;
}

/** The body as raw text (what is not edited keeps its bytes) and the headers to send, as a table. */
export function ReplayEditor({ form, source }: ReplayEditorProps) {
  const { control, register } = form;
  const [original, body, names] = useWatch({ control, name: ['original', 'body', 'headers'] });
  const headers = useFieldArray({ control, name: 'headers' });
  const revert = () => {
    const stored = editorFieldsOf(source);
    form.setValue('original', stored.original);
    form.setValue('body', stored.body);
    headers.replace(stored.headers);
  };
  return (
    <div className="replay-editor" data-testid="replay-editor">
      <label className="field replay-editor-body">
        <span>
          Body <span className="muted">edited as text: what you do not change is sent byte for byte, numbers as written</span>
        </span>
        {original === null ? (
          <p className="muted" data-testid="replay-edit-body-binary">
            This body is not UTF-8 text: it is sent as stored. Its headers can still be edited.
          </p>
        ) : (
          <textarea
            data-testid="replay-edit-body"
            className="mono"
            spellCheck={false}
            autoComplete="off"
            rows={Math.min(20, Math.max(6, body.split('\n').length + 1))}
            {...register('body')}
          />
        )}
      </label>
      <div className="replay-editor-headers">
        <span>
          Headers <span className="muted">in the order sent; Host and Content-Length are the sender's</span>
        </span>
        <table className="replay-edit-headers" data-testid="replay-edit-headers">
          <tbody>
            {headers.fields.map((row, index) => {
              const name = names[index]?.name ?? '';
              return (
                <tr key={row.id} data-testid="replay-edit-header">
                  <td>
                    <input
                      aria-label="Header name"
                      data-testid="replay-edit-header-name"
                      className="mono"
                      spellCheck={false}
                      defaultValue={row.name}
                      {...register(`headers.${index}.name`)}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Value of ${name || 'the header'}`}
                      data-testid="replay-edit-header-value"
                      className="mono"
                      spellCheck={false}
                      defaultValue={row.value}
                      {...register(`headers.${index}.value`)}
                    />
                  </td>
                  <td>
                    <button type="button" data-testid="replay-edit-header-remove" aria-label={`Remove ${name || 'this header'}`} onClick={() => headers.remove(index)}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="replay-editor-actions">
          <button type="button" data-testid="replay-edit-header-add" onClick={() => headers.append({ name: '', value: '' })}>
            Add header
          </button>
          <button type="button" data-testid="replay-edit-revert" onClick={revert}>
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
