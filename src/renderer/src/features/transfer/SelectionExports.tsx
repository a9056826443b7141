import { useState, type ReactNode } from 'react';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { nativeExtras, saveBytes } from '../../api/native-extras';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useCallAction } from '../../hooks/useCallAction';
import { ExportFixturesForm } from './ExportFixturesForm';

interface SelectionExportsProps {
  selection: DeliverySelection;
  /** The saved HAR's name without ".har". */
  fileStem: string;
  /** "Export fixture" for one delivery, "Export fixtures" for several. */
  fixturesLabel?: string;
  /** Buttons shown first (the delivery's "Copy as cURL"). */
  leading?: ReactNode;
}

/** Fixtures (with options) and HAR 1.2 of a delivery, a group, a lifecycle or a selection. */
export function SelectionExports({ selection, fileStem, fixturesLabel = 'Export fixtures', leading }: SelectionExportsProps) {
  const [open, setOpen] = useState(false);
  const har = useCallAction(async () => {
    const { har: text } = await call('export.har', { selection });
    const name = `${fileStem.replace(/[^\w.-]+/g, '-').slice(0, 80)}.har`;
    const path = await saveBytes(name, new TextEncoder().encode(text), 'application/json');
    if (path) return `Saved to ${path}.`;
    return typeof nativeExtras().saveFile === 'function' ? 'Not saved.' : `Downloaded ${name}.`;
  });
  return (
    <div className="selection-exports">
      <div className="export-buttons">
        {leading}
        <button type="button" data-testid="export-fixtures-open" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close export' : `${fixturesLabel}…`}
        </button>
        <button type="button" data-testid="export-har" disabled={har.busy} onClick={() => void har.run()}>
          {har.busy ? 'Exporting…' : 'Export HAR'}
        </button>
      </div>
      <ActionOutcome error={har.error} done={har.done} testId="export-har" />
      {open && <ExportFixturesForm selection={selection} />}
    </div>
  );
}
