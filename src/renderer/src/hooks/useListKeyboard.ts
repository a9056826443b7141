import { useEffect, useEffectEvent, type KeyboardEvent, type RefObject } from 'react';

interface ListKeyboardOptions<K> {
  keys: readonly K[];
  selectedKey: K | null;
  select: (key: K | null) => void;
  listRef: RefObject<HTMLElement | null>;
  detailRef: RefObject<HTMLElement | null>;
  rowHeight: number;
  /** `/` focuses this (the first filter), when given. */
  filterRef?: RefObject<HTMLElement | null>;
  /** With `/`, also select the filter's text (an input's). */
  selectFilterText?: boolean;
}

/**
 * The lists' keys, as in Deliveries: up/down, page up/down, home/end move the selection;
 * Enter goes to the detail; Escape closes it; `/` goes to the filters. Up and down move the
 * list from the moment it is shown, wherever the focus is (a nav link just clicked), unless
 * the focus is on something the arrow keys already serve.
 */
export function useListKeyboard<K>({ keys, selectedKey, select, listRef, detailRef, rowHeight, filterRef, selectFilterText = false }: ListKeyboardOptions<K>) {
  const handleKey = (key: string): boolean => {
    const index = selectedKey === null ? -1 : keys.indexOf(selectedKey);
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 0) / rowHeight) - 1);
    let next: number;
    switch (key) {
      case 'ArrowDown':
        next = index + 1;
        break;
      case 'ArrowUp':
        next = index < 0 ? 0 : index - 1;
        break;
      case 'PageDown':
        next = index + page;
        break;
      case 'PageUp':
        next = index - page;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = keys.length - 1;
        break;
      case 'Enter':
        if (selectedKey === null) return false;
        detailRef.current?.focus();
        return true;
      case 'Escape':
        if (selectedKey === null) return false;
        select(null);
        return true;
      default:
        return false;
    }
    const target = keys[Math.min(Math.max(next, 0), keys.length - 1)];
    if (target !== undefined) select(target);
    return true;
  };

  const onDocumentKey = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (event.key === '/' && filterRef?.current) {
      event.preventDefault();
      filterRef.current.focus();
      if (selectFilterText && filterRef.current instanceof HTMLInputElement) filterRef.current.select();
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !keepsArrowKeys(document.activeElement, detailRef.current) && handleKey(event.key)) {
      event.preventDefault();
      listRef.current?.focus();
    }
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onDocumentKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (handleKey(event.key)) event.preventDefault();
  };
}

/** Widgets whose own keys include the arrows (ARIA roles), where the arrows stay theirs. */
const arrowKeyWidgets = ['slider', 'separator', 'listbox', 'tree', 'grid', 'tablist', 'menu', 'menubar', 'radiogroup', 'spinbutton', 'combobox', 'scrollbar']
  .map((role) => `[role="${role}"]`)
  .join(',');

/** Whether up and down already mean something where the focus is: in such a widget, or in the detail, which they scroll. */
function keepsArrowKeys(focused: Element | null, detail: HTMLElement | null): boolean {
  if (focused === null || focused === document.body) return false;
  return (detail?.contains(focused) ?? false) || focused.closest(arrowKeyWidgets) !== null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}
