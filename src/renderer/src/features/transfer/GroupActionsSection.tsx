import type { DeliverySelection } from '../../../../shared/replay';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { ReplayManyPanel } from '../replay/ReplayManyPanel';
import { SelectionExports } from './SelectionExports';

interface GroupActionsSectionProps {
  selection: DeliverySelection;
  /** What the buttons act on: "the 3 copies", "this lifecycle's 7 deliveries". */
  what: string;
  fileStem: string;
}

/** Replay many and export, for a duplicate group or a whole lifecycle. */
export function GroupActionsSection({ selection, what, fileStem }: GroupActionsSectionProps) {
  return (
    <DetailSection title="Replay and export" testId="group-actions">
      <ReplayManyPanel selection={selection} what={what} />
      <SelectionExports selection={selection} fileStem={fileStem} />
    </DetailSection>
  );
}
