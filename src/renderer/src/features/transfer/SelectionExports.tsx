import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { saveBytes } from '../../api/native-extras';
import { downloadExport } from '../../api/transfers';
import { useTeamServer } from '../../hooks/useTeamServer';
import { ActionOutcome } from '../../components/ActionOutcome';
import { RoleGate } from '../../components/RoleGate';
import { ExportFixturesForm } from './ExportFixturesForm';
import { savedLine } from './saved-line';

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
  const team = useTeamServer();
  const har = useMutation({
    mutationFn: async () => {
      const name = `${fileStem.replace(/[^\w.-]+/g, '-').slice(0, 80)}.har`;
      // A team server streams it as a download; a personal inspector answers the call with the text.
      if (team) return downloadExport({ format: 'har', selection }, name);
      return { name, path: await saveBytes(name, new TextEncoder().encode((await call('export.har', { selection })).har), 'application/json') };
    },
  });
  return (
    <div className="selection-exports">
      <div className="export-buttons">
        {leading}
        <button type="button" data-testid="export-fixtures-open" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close export' : `${fixturesLabel}…`}
        </button>
        <RoleGate call="export.har" doing="export HAR" inline>
          <button type="button" data-testid="export-har" disabled={har.isPending} onClick={() => har.mutate()}>
            {har.isPending ? 'Exporting…' : 'Export HAR'}
          </button>
        </RoleGate>
      </div>
      <ActionOutcome error={har.error} done={har.data ? savedLine(har.data) : null} testId="export-har" />
      {open && <ExportFixturesForm selection={selection} />}
    </div>
  );
}
