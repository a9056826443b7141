import type { DispatchEvent } from '../../../../shared/simulator';
import { faultWords } from './simulator-words';

/** Duplicate of #N, reordered, and each fault applied: nothing when the event is plain. */
export function EventFlags({ event }: { event: DispatchEvent }) {
  if (event.duplicateOf === null && !event.reordered && event.faults.length === 0) return null;
  return (
    <span className="badge-group" data-testid="simulator-event-flags">
      {event.duplicateOf !== null && (
        <span className="badge duplicate" data-flag="duplicate" title={`A second send of event #${event.duplicateOf} (at least once)`}>
          dup #{event.duplicateOf}
        </span>
      )}
      {event.reordered && (
        <span className="badge flag-reordered" data-flag="reordered" title="Held back behind the next event of its stream">
          reordered
        </span>
      )}
      {event.faults.map((fault) => (
        <span key={fault} className="badge flag-fault" data-flag={fault} title={`${faultWords[fault].label}: ${faultWords[fault].explanation}`}>
          {faultWords[fault].short}
        </span>
      ))}
    </span>
  );
}
