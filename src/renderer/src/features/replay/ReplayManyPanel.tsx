import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { DeliverySelection } from '../../../../shared/replay';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { FormProblem } from '../../components/form/FormProblems';
import { RoleGate } from '../../components/RoleGate';
import { ReplayManyFields, replayProblem, type OptionFields, type ReplayManyRequest } from './replay-fields';
import { ReplayBatchResult } from './ReplayBatchResult';
import { ReplayOptionsFields } from './ReplayOptionsFields';
import { freshOptionFields, rememberTarget } from './replay-target';
import { orderList, orderWords } from './replay-words';

interface ReplayManyPanelProps {
  selection: DeliverySelection;
  /** What is sent, for the button: "the 3 copies", "this lifecycle". */
  what: string;
}

/** Send a group, a lifecycle or a selection to the user's handler, in an order chosen to test it. */
export function ReplayManyPanel({ selection, what }: ReplayManyPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="replay-many" data-testid="replay-many" data-open={open}>
      <RoleGate call="replay.many" doing="replay deliveries" inline>
        <button type="button" data-testid="replay-many-open" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close replay' : `Replay ${what}…`}
        </button>
      </RoleGate>
      {open && <ReplayManyForm selection={selection} />}
    </div>
  );
}

const freshReplayManyFields = (): ReplayManyFields => ({ ...freshOptionFields(), order: 'event_time', seed: '1' });

function ReplayManyForm({ selection }: { selection: DeliverySelection }) {
  const [defaultValues] = useState(freshReplayManyFields);
  const form = useForm<ReplayManyFields, unknown, ReplayManyRequest>({ resolver: zodResolver(ReplayManyFields), defaultValues });
  const values = useWatch({ control: form.control }) as ReplayManyFields;
  const send = useMutation({
    mutationFn: (request: ReplayManyRequest) => call('replay.many', { ...request, selection }),
    onSuccess: (_batch, request) => rememberTarget(request),
  });
  // Said once a send was refused, of the form as it is now (cleared as soon as it can be sent).
  const problem = Object.keys(form.formState.errors).length > 0 ? replayProblem(ReplayManyFields.safeParse(values), { headers: [] }) : null;

  return (
    <>
      <form className="replay-form" noValidate onSubmit={form.handleSubmit((request) => send.mutate(request))}>
        <ReplayOptionsFields form={form as unknown as UseFormReturn<OptionFields>} />
        <label className="field">
          <span>Order</span>
          <select data-testid="replay-many-order" {...form.register('order')}>
            {orderList.map((value) => (
              <option key={value} value={value}>
                {orderWords[value]}
              </option>
            ))}
          </select>
        </label>
        {values.order === 'shuffled' && (
          <label className="field">
            <span>
              Seed <span className="muted">same seed, same order</span>
            </span>
            <input type="number" inputMode="numeric" data-testid="replay-many-seed" {...form.register('seed')} />
          </label>
        )}
        <div className="replay-actions">
          <button type="submit" className="primary" data-testid="replay-many-send" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send all'}
          </button>
          <span className="muted">one after another; each is stored under its delivery</span>
        </div>
      </form>
      <FormProblem problem={problem} testId="replay-many-problem" />
      <CallErrorMessage error={send.error} testId="replay-many-error" />
      {send.data && <ReplayBatchResult batch={send.data} />}
    </>
  );
}
