import type { Ref } from 'react';
import type { LifecycleKind } from '../../../../shared/lifecycle';
import { FilterSelect, withCurrent } from '../../components/FilterSelect';
import { shortUuid } from '../../lib/links';
import { lifecycleKindList, lifecycleKindWords, statusWord } from '../../lib/lifecycle-words';
import { lifecycleFilterKey, type LifecycleFilter } from '../../lib/route';
import type { LifecycleFilterOptions } from './useLifecycleFilterOptions';

interface LifecycleFiltersProps {
  filter: LifecycleFilter;
  options: LifecycleFilterOptions;
  onChange: (filter: LifecycleFilter) => void;
  firstRef: Ref<HTMLSelectElement>;
}

export function LifecycleFilters({ filter, options, onChange, firstRef }: LifecycleFiltersProps) {
  const set = (change: Partial<LifecycleFilter>) => onChange({ ...filter, ...change });
  const recipientOptions = options.recipients.map(({ key, email }) => [key, email] as const);
  if (filter.recipientKey && !options.recipients.some(({ key }) => key === filter.recipientKey)) {
    recipientOptions.unshift([filter.recipientKey, filter.recipientKey.slice(filter.recipientKey.indexOf('|') + 1)]);
  }
  // A recipient belongs to one order: its menu lists the chosen order's recipients, so it waits for an order.
  const recipientWaits = !filter.orderUuid && !filter.recipientKey;
  return (
    <div className="filter-bar" role="search">
      <FilterSelect
        label="Order"
        testId="lifecycle-filter-order"
        selectRef={firstRef}
        value={filter.orderUuid}
        options={withCurrent(options.orders, filter.orderUuid).map((uuid) => [uuid, shortUuid(uuid)])}
        // A recipient belongs to one order: changing the order lets go of it.
        onChange={(orderUuid) => set({ orderUuid, recipientKey: undefined })}
      />
      <FilterSelect
        label="Recipient"
        testId="lifecycle-filter-recipient"
        value={filter.recipientKey}
        options={recipientOptions}
        disabled={recipientWaits}
        onChange={(recipientKey) => set({ recipientKey })}
      />
      {recipientWaits && (
        <span className="filter-hint" data-testid="lifecycle-recipient-hint">
          pick an order to choose one of its recipients
        </span>
      )}
      <FilterSelect
        label="Status"
        testId="lifecycle-filter-status"
        value={filter.status}
        options={withCurrent(options.statuses, filter.status).map((status) => [status, statusWord(status)])}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        label="Finding"
        testId="lifecycle-filter-finding"
        value={filter.finding}
        options={withCurrent(options.findings, filter.finding).map((code) => [code, code])}
        onChange={(finding) => set({ finding })}
      />
      <FilterSelect
        label="Kind"
        testId="lifecycle-filter-kind"
        value={filter.kind}
        options={lifecycleKindList.map((kind) => [kind, lifecycleKindWords[kind]])}
        onChange={(kind) => set({ kind: kind as LifecycleKind | undefined })}
      />
      {lifecycleFilterKey(filter) !== '{}' && (
        <button type="button" className="link-button" data-testid="lifecycle-filter-clear" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </div>
  );
}
