import { useMemo, useState } from 'react';
import type { DeliveryDetail } from '../../../../../shared/delivery';
import { describeError } from '../../../api/client';
import { nativeExtras, saveBytes } from '../../../api/native-extras';
import { CopyButton } from '../../../components/CopyButton';
import { formatBytes } from '../../../lib/format';
import { decodeBase64 } from '../../../lib/raw-bytes';
import { DetailSection } from './DetailSection';
import { PrettyBodyView } from './PrettyBodyView';
import { RawBodyView } from './RawBodyView';

export function BodySection({ detail }: { detail: DeliveryDetail }) {
  const bytes = useMemo(() => decodeBase64(detail.bodyBase64), [detail.bodyBase64]);
  const text = useMemo(() => new TextDecoder('utf-8').decode(bytes), [bytes]);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [savedPath, setSavedPath] = useState<string | null>(null);
  const { revealInFolder } = nativeExtras();

  const save = () => {
    setSaveError(null);
    setSavedPath(null);
    saveBytes(`delivery-${detail.id}.body${detail.form === 'unparseable' ? '' : '.json'}`, bytes, 'application/octet-stream').then(
      setSavedPath,
      setSaveError,
    );
  };

  return (
    <DetailSection
      title="Body"
      aside={
        <>
          <span className="muted">{formatBytes(bytes.length)}</span>
          {detail.bodyTruncated && (
            <span className="badge severity-warning" title="The body went past the size limit; only the bytes up to the limit were kept">
              truncated
            </span>
          )}
          <CopyButton text={text} what="body as text" />
          <button type="button" onClick={save}>
            Save…
          </button>
        </>
      }
    >
      {saveError !== null && <p className="error-text">Could not save: {describeError(saveError)}</p>}
      {savedPath !== null && (
        <p className="ok-text">
          Saved to <span className="mono">{savedPath}</span>
          {typeof revealInFolder === 'function' && (
            <>
              {' · '}
              <button type="button" className="link-button" onClick={() => void revealInFolder(savedPath)}>
                Show in folder
              </button>
            </>
          )}
        </p>
      )}
      <div className="body-views">
        <div className="body-view">
          <div className="body-view-title">Raw (bytes as received)</div>
          <RawBodyView bytes={bytes} />
        </div>
        <div className="body-view">
          <div className="body-view-title">Pretty JSON</div>
          <PrettyBodyView bytes={bytes} />
        </div>
      </div>
    </DetailSection>
  );
}
