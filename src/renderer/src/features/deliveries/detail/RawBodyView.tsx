import { useMemo, useState } from 'react';
import { escapeExplanations, segmentRawBytes } from '../../../lib/raw-bytes';

/** Past this many runs the body is shown in part first, so a binary megabyte cannot stall the window. */
const segmentsShownFirst = 4_000;

/** The body byte for byte, as text nodes only: escapes for whatever would be invisible or is not UTF-8. */
export function RawBodyView({ bytes }: { bytes: Uint8Array }) {
  const segments = useMemo(() => segmentRawBytes(bytes), [bytes]);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? segments : segments.slice(0, segmentsShownFirst);
  const escapedCount = useMemo(() => segments.filter((segment) => segment.kind === 'escape').length, [segments]);

  if (bytes.length === 0) {
    return (
      <pre className="raw-body empty" data-testid="detail-raw-body">
        (empty body)
      </pre>
    );
  }
  return (
    <div className="raw-body-wrap">
      <pre className="raw-body" data-testid="detail-raw-body" data-escapes={escapedCount}>
        {shown.map((segment, index) =>
          segment.kind === 'text' ? (
            segment.text
          ) : (
            <span key={index} className={`raw-escape escape-${segment.reason}`} title={escapeExplanations[segment.reason]}>
              {segment.text}
            </span>
          ),
        )}
      </pre>
      {shown.length < segments.length && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          Show the whole body ({segments.length - shown.length} more runs)
        </button>
      )}
    </div>
  );
}
