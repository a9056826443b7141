import { useState } from 'react';
import { useCallAction, type CallAction } from './useCallAction';

export type Checked<V> = { value: V } | { problems: string[] };

export interface DraftForm<D, V> {
  /** The edit in progress, else the live value as a draft. */
  shown: D;
  dirty: boolean;
  problems: string[];
  edit: (change: Partial<D>) => void;
  reset: () => void;
  submit: () => void;
  save: CallAction<[V]>;
}

/**
 * A settings form that shows the live value until the user edits it, then holds the edit until it
 * is saved (after `check` turns the draft into a value, or says why not) or reset.
 */
export function useDraftForm<D, V>(options: {
  live: D;
  check: (draft: D) => Checked<V>;
  save: (value: V) => Promise<string>;
}): DraftForm<D, V> {
  const [draft, setDraft] = useState<D | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const shown = draft ?? options.live;
  const save = useCallAction(async (value: V) => {
    const done = await options.save(value);
    setDraft(null);
    return done;
  });
  return {
    shown,
    dirty: draft !== null,
    problems,
    save,
    edit: (change) => {
      save.clear();
      setProblems([]);
      setDraft({ ...shown, ...change });
    },
    reset: () => {
      setDraft(null);
      setProblems([]);
    },
    submit: () => {
      const checked = options.check(shown);
      if ('problems' in checked) setProblems(checked.problems);
      else void save.run(checked.value);
    },
  };
}
