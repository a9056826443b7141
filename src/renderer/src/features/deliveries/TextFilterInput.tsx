import { useEffect, useEffectEvent, useState, type Ref } from 'react';

interface TextFilterInputProps {
  value: string;
  onCommit: (value: string) => void;
  onEscape: () => void;
  /** Down: into the list, with the text typed so far searched (the debounce not waited for). */
  onDown: (text: string) => void;
  inputRef: Ref<HTMLInputElement>;
}

const debounceMs = 250;

/** Free-text body search: typed freely, sent to the query once typing pauses. */
export function TextFilterInput({ value, onCommit, onEscape, onDown, inputRef }: TextFilterInputProps) {
  const [draft, setDraft] = useState(value);
  const [committedValue, setCommittedValue] = useState(value);
  // The filter can change from outside (back button, "clear filters"): take it over.
  if (value !== committedValue) {
    setCommittedValue(value);
    setDraft(value);
  }

  const commit = useEffectEvent((text: string) => onCommit(text));
  useEffect(() => {
    if (draft === value) return;
    const timer = window.setTimeout(() => commit(draft), debounceMs);
    return () => window.clearTimeout(timer);
  }, [draft, value]);

  return (
    <input
      ref={inputRef}
      type="search"
      className="filter-text"
      data-testid="filter-text"
      placeholder="Search bodies  ( / )"
      aria-label="Search the raw bodies"
      aria-keyshortcuts="/"
      spellCheck={false}
      autoComplete="off"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(draft);
        if (event.key === 'Escape') {
          event.preventDefault();
          onEscape();
        }
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          onDown(draft);
        }
      }}
    />
  );
}
