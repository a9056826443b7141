import type { Ref } from 'react';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { FilterSelect, withCurrent } from '../../components/FilterSelect';
import { isFilterEmpty } from '../../lib/route';
import { formWords, payloadFormList, signatureVerdictList, verdictWords } from '../../lib/words';
import { TextFilterInput } from './TextFilterInput';

interface DeliveryFiltersProps {
  filter: DeliveryFilter;
  events: readonly string[];
  paths: readonly string[];
  onChange: (filter: DeliveryFilter) => void;
  textInputRef: Ref<HTMLInputElement>;
  onLeaveText: () => void;
  /** Down in the text box: into the list for this filter (its text as typed so far), on its first row. */
  onEnterList: (filter: DeliveryFilter) => void;
}

export function DeliveryFilters({ filter, events, paths, onChange, textInputRef, onLeaveText, onEnterList }: DeliveryFiltersProps) {
  const set = (change: Partial<DeliveryFilter>) => onChange({ ...filter, ...change });

  return (
    <div className="filter-bar" role="search">
      <TextFilterInput
        value={filter.text ?? ''}
        onCommit={(text) => set({ text: text || undefined })}
        onEscape={onLeaveText}
        onDown={(text) => onEnterList({ ...filter, text: text || undefined })}
        inputRef={textInputRef}
      />
      <FilterSelect label="Event" testId="filter-event" value={filter.event} options={withCurrent(events, filter.event).map((e) => [e, e])} onChange={(event) => set({ event })} />
      <FilterSelect
        label="Form"
        testId="filter-form"
        value={filter.form}
        options={payloadFormList.map((form) => [form, formWords[form]])}
        onChange={(form) => set({ form: form as DeliveryFilter['form'] })}
      />
      <FilterSelect
        label="Signature"
        testId="filter-signature"
        value={filter.signature}
        options={signatureVerdictList.map((verdict) => [verdict, verdictWords[verdict]])}
        onChange={(signature) => set({ signature: signature as DeliveryFilter['signature'] })}
      />
      <FilterSelect label="Path" testId="filter-path" value={filter.path} options={withCurrent(paths, filter.path).map((p) => [p, p])} onChange={(path) => set({ path })} />
      {!isFilterEmpty(filter) && (
        <button type="button" className="link-button" data-testid="filter-clear" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </div>
  );
}
