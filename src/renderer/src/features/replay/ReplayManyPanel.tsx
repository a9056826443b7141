import { useState } from 'react';
import type { DeliverySelection, ReplayBatch, ReplayManyOptions } from '../../../../shared/replay';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { editReplayDraft, freshReplayDraft, rememberTarget, replayOptionsFromDraft, type ReplayDraft, type ReplayOrder } from './replay-draft';
import { orderList, orderWords } from './replay-words';
import { ReplayBatchResult } from './ReplayBatchResult';
import { ReplayOptionsFields } from './ReplayOptionsFields';
import { RoleGate } from '../../components/RoleGate';

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

function ReplayManyForm({ selection }: { selection: DeliverySelection }) {
  const [draft, setDraft] = useState<ReplayDraft>(freshReplayDraft);
  const [order, setOrder] = useState<ReplayOrder>('event_time');
  const [seed, setSeed] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const [batch, setBatch] = useState<ReplayBatch | null>(null);

  const send = useCallAction(async (options: ReplayManyOptions) => {
    setBatch(null);
    const sent = await call('replay.many', options);
    rememberTarget(options);
    setBatch(sent);
    return '';
  });

  const submit = () => {
    const checked = replayOptionsFromDraft(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    const seedValue = Number(seed);
    if (order === 'shuffled' && (seed.trim() === '' || !Number.isInteger(seedValue) || seedValue < 0 || seedValue > 0xffff_ffff)) {
      setProblem('The seed is a whole number from 0 to 4294967295; the same seed gives the same order.');
      return;
    }
    void send.run({ ...checked.options, selection, order, seed: order === 'shuffled' ? seedValue : 1 });
  };

  return (
    <>
      <form
        className="replay-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ReplayOptionsFields
          draft={draft}
          onChange={(change) => {
            setProblem(null);
            setDraft((current) => editReplayDraft(current, change));
          }}
        />
        <label className="field">
          <span>Order</span>
          <select
            data-testid="replay-many-order"
            value={order}
            onChange={(event) => {
              setProblem(null);
              setOrder(event.target.value as ReplayOrder);
            }}
          >
            {orderList.map((value) => (
              <option key={value} value={value}>
                {orderWords[value]}
              </option>
            ))}
          </select>
        </label>
        {order === 'shuffled' && (
          <label className="field">
            <span>
              Seed <span className="muted">same seed, same order</span>
            </span>
            <input type="number" inputMode="numeric" data-testid="replay-many-seed" value={seed} onChange={(event) => setSeed(event.target.value)} />
          </label>
        )}
        <div className="replay-actions">
          <button type="submit" className="primary" data-testid="replay-many-send" disabled={send.busy}>
            {send.busy ? 'Sending…' : 'Send all'}
          </button>
          <span className="muted">one after another; each is stored under its delivery</span>
        </div>
      </form>
      {problem && (
        <p className="call-error" role="alert" data-testid="replay-many-problem">
          {problem}
        </p>
      )}
      <CallErrorMessage error={send.error} testId="replay-many-error" />
      {batch && <ReplayBatchResult batch={batch} />}
    </>
  );
}
