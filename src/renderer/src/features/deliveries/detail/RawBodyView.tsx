import { useMemo, useState } from 'react';
import { segmentRawBytes } from '../../../lib/raw-bytes';
import { EscapedSegments } from '../../../components/PeerText';

/** Past this many runs the body is shown in part first, so a binary megabyte cannot stall the window. */
const segmentsShownFirst = 4_000;
/**
 * Past this many runs it is never shown whole: the browser lays out each escape as its own box,
 * and some hundred thousand of them (a megabyte of text and control bytes in turn) freeze the
 * window for minutes. Save… still writes the whole body.
 */
const segmentsShownAtMost = 20_000;

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
        <EscapedSegments segments={shown} />
      </pre>
      {shown.length < segments.length &&
        (segments.length <= segmentsShownAtMost ? (
          <button type="button" className="link-button" onClick={() => setShowAll(true)}>
            Show the whole body ({segments.length - shown.length} more runs)
          </button>
        ) : (
          <p className="muted" data-testid="raw-body-cut">
            Only the first {shown.length.toLocaleString('en-US')} of {segments.length.toLocaleString('en-US')} runs of text and escapes
            are shown: more would freeze the window. Save… writes the whole body.
          </p>
        ))}
    </div>
  );
}
