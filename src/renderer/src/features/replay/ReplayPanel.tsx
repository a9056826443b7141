import { useState } from 'react';
import type { ReplayOptions, ReplayRecord } from '../../../../shared/replay';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useCallAction } from '../../hooks/useCallAction';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { editReplayDraft, freshReplayDraft, rememberTarget, replayOptionsFromDraft, type ReplayDraft } from './replay-draft';
import { replayStatus } from './replay-words';
import { ReplayAnswer } from './ReplayAnswer';
import { ReplayOptionsFields } from './ReplayOptionsFields';
import { RoleGate } from '../../components/RoleGate';

interface ReplayPanelProps {
  deliveryId: number;
  /** A replay was stored: the history should show it. */
  onSent: () => void;
}

/** Send this delivery's exact bytes to the user's handler, and show what it answered. */
export function ReplayPanel({ deliveryId, onSent }: ReplayPanelProps) {
  const [draft, setDraft] = useState<ReplayDraft>(freshReplayDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState<ReplayRecord | null>(null);

  const send = useCallAction(async (options: ReplayOptions) => {
    setRecord(null);
    const sent = await call('replay.send', { ...options, deliveryId });
    rememberTarget(options);
    setRecord(sent);
    onSent();
    return '';
  });

  const edit = (change: Partial<ReplayDraft>) => {
    setProblem(null);
    setDraft((current) => editReplayDraft(current, change));
  };

  function checkedOptions(): ReplayOptions | null {
    const checked = replayOptionsFromDraft(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return null;
    }
    return checked.options;
  }

  return (
    <DetailSection title="Replay" testId="replay-panel">
      <form
        className="replay-form"
        onSubmit={(event) => {
          event.preventDefault();
          const options = checkedOptions();
          if (options) void send.run(options);
        }}
      >
        <ReplayOptionsFields draft={draft} onChange={edit} />
        <div className="replay-actions">
          <RoleGate call="replay.send" doing="replay deliveries" inline>
            <button type="submit" className="primary" data-testid="replay-send" disabled={send.busy}>
              {send.busy ? 'Sending…' : 'Send'}
            </button>
          </RoleGate>
          <span className="muted">the exact stored bytes and headers; no redirect followed</span>
        </div>
      </form>
      {problem && (
        <p className="call-error" role="alert" data-testid="replay-problem">
          {problem}
        </p>
      )}
      <CallErrorMessage error={send.error} testId="replay-error" />
      {record && (
        <div className="replay-result" data-testid="replay-result" data-status={replayStatus(record)} role="status">
          <ReplayAnswer record={record} errorTestId="replay-error" />
        </div>
      )}
    </DetailSection>
  );
}
