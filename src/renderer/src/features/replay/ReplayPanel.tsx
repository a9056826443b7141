import { useEffect, useState } from 'react';
import type { ReplayEdit, ReplayOptions, ReplayPreview, ReplayRecord } from '../../../../shared/replay';
import { call, isAbort } from '../../api/client';
import { useSession } from '../../hooks/useSession';
import { CheckboxField } from '../../components/form/fields';
import type { CallInput } from '../../../../shared/contract';
import { editFromDraft, freshEditDraft, type EditDraft, type EditSource } from './edit-draft';
import { ReplayEditor, ReplayPreviewLine } from './ReplayEditor';
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
  /** The stored body and headers, which "Edit, then replay" starts from. */
  source: EditSource;
  /** A replay was stored: the history should show it. */
  onSent: () => void;
}

/** How long the preview waits for typing to pause before it asks what would be sent. */
const previewPauseMs = 250;

/** Send this delivery's exact bytes (or an edit of them) to the user's handler, and show what it answered. */
export function ReplayPanel({ deliveryId, source, onSent }: ReplayPanelProps) {
  const [draft, setDraft] = useState<ReplayDraft>(freshReplayDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, setRecord] = useState<ReplayRecord | null>(null);
  const [editing, setEditing] = useState<EditDraft | null>(null);
  const session = useSession();
  // The secret in force signs a personal inspector's replays, and an admin's on a team server; anyone else gives theirs.
  const mayUseSecretInForce = session === null || !session.team || session.role === 'admin';

  const send = useCallAction(async ({ options, edit }: { options: ReplayOptions; edit?: ReplayEdit }) => {
    setRecord(null);
    const sent = await call('replay.send', { ...options, deliveryId, edit });
    rememberTarget(options);
    setRecord(sent);
    onSent();
    return '';
  });

  const edit = (change: Partial<ReplayDraft>) => {
    setProblem(null);
    setDraft((current) => editReplayDraft(current, change));
  };

  function checkedRequest(): { options: ReplayOptions; edit?: ReplayEdit } | null {
    const checked = replayOptionsFromDraft(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return null;
    }
    if (editing === null) return { options: checked.options };
    const edited = editFromDraft(editing);
    if ('problem' in edited) {
      setProblem(edited.problem);
      return null;
    }
    return { options: checked.options, edit: edited.edit };
  }

  const toggleEditing = (on: boolean) => {
    setProblem(null);
    setEditing(on ? freshEditDraft(source) : null);
    // Edited bytes need a signature of their own: by default the secret in force's, where this user may use it.
    if (on) setDraft((current) => editReplayDraft(current, { signing: mayUseSecretInForce ? 'inForce' : 'resign' }));
  };

  return (
    <DetailSection title="Replay" testId="replay-panel">
      <form
        className="replay-form"
        onSubmit={(event) => {
          event.preventDefault();
          const request = checkedRequest();
          if (request) void send.run(request);
        }}
      >
        <ReplayOptionsFields draft={draft} onChange={edit} />
        <CheckboxField testId="replay-edit-toggle" checked={editing !== null} onChange={toggleEditing} label="Edit the body and headers before sending" />
        {editing !== null && (
          <>
            <ReplayEditor
              draft={editing}
              onChange={(next) => {
                setProblem(null);
                setEditing(next);
              }}
              onRevert={() => setEditing(freshEditDraft(source))}
            />
            <EditedPreview deliveryId={deliveryId} draft={draft} editing={editing} />
          </>
        )}
        <div className="replay-actions">
          <RoleGate call="replay.send" doing="replay deliveries" inline>
            <button type="submit" className="primary" data-testid="replay-send" disabled={send.busy}>
              {send.busy ? 'Sending…' : 'Send'}
            </button>
          </RoleGate>
          <span className="muted">{editing === null ? 'the exact stored bytes and headers' : 'the edited bytes and headers, stored with the replay'}; no redirect followed</span>
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

/** What the edited replay will send, asked of the server (the secret in force never leaves it) once typing pauses. */
function EditedPreview({ deliveryId, draft, editing }: { deliveryId: number; draft: ReplayDraft; editing: EditDraft }) {
  // The answer with the request it answers: one for an older request is never shown.
  const [answer, setAnswer] = useState<{ request: string; preview: ReplayPreview | null; error: unknown } | null>(null);
  // The target does not change what is sent: any URL stands in until one is typed.
  const checked = replayOptionsFromDraft({ ...draft, url: draft.url.trim() === '' ? 'http://localhost/' : draft.url });
  const edited = editFromDraft(editing);
  const problem = 'problem' in checked ? checked.problem : 'problem' in edited ? edited.problem : null;
  const request = 'options' in checked && 'edit' in edited ? JSON.stringify({ ...checked.options, deliveryId, edit: edited.edit }) : null;

  useEffect(() => {
    if (request === null) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      call('replay.preview', JSON.parse(request) as CallInput<'replay.preview'>, { signal: abort.signal }).then(
        (preview) => setAnswer({ request, preview, error: null }),
        (failure: unknown) => {
          if (!isAbort(failure)) setAnswer({ request, preview: null, error: failure });
        },
      );
    }, previewPauseMs);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [request]);

  const current = answer !== null && answer.request === request ? answer : null;
  return <ReplayPreviewLine preview={current?.preview ?? null} problem={problem} error={current?.error ?? null} />;
}
