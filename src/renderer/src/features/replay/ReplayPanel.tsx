import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CallInput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { callKey } from '../../api/queries';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { CheckboxField } from '../../components/form/fields';
import { FormProblem } from '../../components/form/FormProblems';
import { RoleGate } from '../../components/RoleGate';
import { useSession } from '../../hooks/useSession';
import { useSettled } from '../../hooks/useSettled';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { editorFieldsOf, type EditSource } from './edit-fields';
import { ReplayAnswer } from './ReplayAnswer';
import { ReplayEditor, ReplayPreviewLine } from './ReplayEditor';
import { ReplayFields, replayProblem, type OptionFields, type ReplayRequest } from './replay-fields';
import { ReplayOptionsFields } from './ReplayOptionsFields';
import { freshOptionFields, rememberTarget } from './replay-target';
import { replayStatus } from './replay-words';

interface ReplayPanelProps {
  deliveryId: number;
  /** The stored body and headers, which "Edit, then replay" starts from. */
  source: EditSource;
  /** A replay was stored: the history should show it. */
  onSent: () => void;
}

/** How long the preview waits for typing to pause before it asks what would be sent. */
const previewPauseMs = 250;

const freshReplayFields = (): ReplayFields => ({ ...freshOptionFields(), editing: false, original: null, body: '', headers: [] });

/** Send this delivery's exact bytes (or an edit of them) to the user's handler, and show what it answered. */
export function ReplayPanel({ deliveryId, source, onSent }: ReplayPanelProps) {
  const [defaultValues] = useState(freshReplayFields);
  const form = useForm<ReplayFields, unknown, ReplayRequest>({ resolver: zodResolver(ReplayFields), defaultValues });
  const values = useWatch({ control: form.control }) as ReplayFields;
  const session = useSession();
  // The secret in force signs a personal inspector's replays, and an admin's on a team server; anyone else gives theirs.
  const mayUseSecretInForce = session === null || !session.team || session.role === 'admin';

  const send = useMutation({
    mutationFn: (request: ReplayRequest) => call('replay.send', { ...request, deliveryId }),
    onSuccess: (_record, request) => {
      rememberTarget(request);
      onSent();
    },
  });
  const editing = form.register('editing', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (!event.target.checked) return;
      const stored = editorFieldsOf(source);
      form.setValue('original', stored.original);
      form.setValue('body', stored.body);
      form.setValue('headers', stored.headers);
      // Edited bytes need a signature of their own: by default the secret in force's, where this user may use it.
      form.setValue('signing', mayUseSecretInForce ? 'inForce' : 'resign');
    },
  });
  // Said once a send was refused, of the form as it is now (cleared as soon as it can be sent).
  const problem = Object.keys(form.formState.errors).length > 0 ? replayProblem(ReplayFields.safeParse(values), values) : null;

  return (
    <DetailSection title="Replay" testId="replay-panel">
      <form className="replay-form" noValidate onSubmit={form.handleSubmit((request) => send.mutate(request))}>
        <ReplayOptionsFields form={form as unknown as UseFormReturn<OptionFields>} />
        <CheckboxField testId="replay-edit-toggle" registered={editing} label="Edit the body and headers before sending" />
        {values.editing && (
          <>
            <ReplayEditor form={form} source={source} />
            <EditedPreview deliveryId={deliveryId} values={values} />
          </>
        )}
        <div className="replay-actions">
          <RoleGate call="replay.send" doing="replay deliveries" inline>
            <button type="submit" className="primary" data-testid="replay-send" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send'}
            </button>
          </RoleGate>
          <span className="muted">{values.editing ? 'the edited bytes and headers, stored with the replay' : 'the exact stored bytes and headers'}; no redirect followed</span>
        </div>
      </form>
      <FormProblem problem={problem} testId="replay-problem" />
      <CallErrorMessage error={send.error} testId="replay-error" />
      {send.data && (
        <div className="replay-result" data-testid="replay-result" data-status={replayStatus(send.data)} role="status">
          <ReplayAnswer record={send.data} errorTestId="replay-error" />
        </div>
      )}
    </DetailSection>
  );
}

/**
 * What the edited replay will send, asked of the server (the secret in force never leaves it) once typing pauses.
 * The query is keyed by the whole request: an answer to an older one is never shown for the form as it is now.
 */
function EditedPreview({ deliveryId, values }: { deliveryId: number; values: ReplayFields }) {
  // The target does not change what is sent: any URL stands in until one is typed.
  const parsed = ReplayFields.safeParse({ ...values, url: values.url.trim() === '' ? 'http://localhost/' : values.url });
  const problem = replayProblem(parsed, values);
  const request = parsed.success ? JSON.stringify({ ...parsed.data, deliveryId }) : null;
  const settled = useSettled(request, previewPauseMs);
  const input = settled === null ? null : (JSON.parse(settled) as CallInput<'replay.preview'>);
  const preview = useQuery({
    queryKey: callKey('replay.preview', input),
    queryFn: input === null ? skipToken : ({ signal }) => call('replay.preview', input, { signal }),
    // A preview is of one moment's typing: kept no longer than it is shown.
    gcTime: 0,
  });
  const current = settled === request ? preview : null;
  return <ReplayPreviewLine preview={current?.data ?? null} problem={problem} error={current?.error ?? null} />;
}
