import { useMemo } from 'react';
import { escapeExplanations, segmentPeerText, type RawSegment } from '../lib/raw-bytes';

/** Runs of text and escapes as text nodes: each escape marked, with why it is one as its title. */
export function EscapedSegments({ segments }: { segments: readonly RawSegment[] }) {
  return segments.map((segment, index) =>
    segment.kind === 'text' ? (
      segment.text
    ) : (
      <span key={index} className={`raw-escape escape-${segment.reason}`} title={escapeExplanations[segment.reason]}>
        {segment.text}
      </span>
    ),
  );
}

/**
 * Text a peer chose (a header, an answer's body, an error it caused), with nothing hidden or reordered: control,
 * invisible and direction-changing characters shown as escapes, by the rule of the delivery's raw body.
 */
export function PeerText({ text }: { text: string }) {
  const segments = useMemo(() => segmentPeerText(text), [text]);
  return <EscapedSegments segments={segments} />;
}
