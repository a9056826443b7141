import type { SimulatorBehaviour } from '../../../../shared/simulator';

type Rate = 'duplicateRate' | 'reorderRate' | 'unknownEventRate';

/** The behaviour form as typed: rates are percentages kept as text until saved. */
export interface BehaviourDraft {
  deliveryIdMode: SimulatorBehaviour['deliveryIdMode'];
  duplicateRate: string;
  reorderRate: string;
  unknownEventRate: string;
  faults: SimulatorBehaviour['faults'];
}

const rateLabels: Record<Rate, string> = {
  duplicateRate: 'Duplicate rate',
  reorderRate: 'Reorder rate',
  unknownEventRate: 'Unknown-event rate',
};

function percent(rate: number): string {
  return String(Number((rate * 100).toFixed(2)));
}

export function draftFromBehaviour(behaviour: SimulatorBehaviour): BehaviourDraft {
  return {
    deliveryIdMode: behaviour.deliveryIdMode,
    duplicateRate: percent(behaviour.duplicateRate),
    reorderRate: percent(behaviour.reorderRate),
    unknownEventRate: percent(behaviour.unknownEventRate),
    faults: { ...behaviour.faults },
  };
}

type Checked = { behaviour: SimulatorBehaviour } | { problems: string[] };

/** The shared schema's bounds (0..1), said per field in percent before the call is made. */
export function behaviourFromDraft(draft: BehaviourDraft): Checked {
  const problems: string[] = [];
  const rate = (key: Rate): number => {
    const text = draft[key];
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      problems.push(`${rateLabels[key]} must be a percentage from 0 to 100.`);
    }
    return value / 100;
  };
  const behaviour: SimulatorBehaviour = {
    deliveryIdMode: draft.deliveryIdMode,
    duplicateRate: rate('duplicateRate'),
    reorderRate: rate('reorderRate'),
    unknownEventRate: rate('unknownEventRate'),
    faults: { ...draft.faults },
  };
  return problems.length > 0 ? { problems } : { behaviour };
}
