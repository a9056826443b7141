import type { ReplayManyOptions, ReplayOptions } from '../../../../shared/replay';

/** How a replay record was signed. */
export type SigningMode = ReplayOptions['signing']['mode'];
/** How the form signs: as a record is, or re-signed with the signing secret in force (the server's, never shown here). */
export type SigningChoice = SigningMode | 'inForce';
export type HeaderChoice = ReplayOptions['deliveryHeader'];
export type ReplayOrder = ReplayManyOptions['order'];

/** The replay form as typed. The secret lives here only: never stored, never shown back. */
export interface ReplayDraft {
  url: string;
  signing: SigningChoice;
  secret: string;
  deliveryHeader: HeaderChoice;
  timestampHeader: HeaderChoice;
  allowSelfSigned: boolean;
}

const urlKey = 'webhook-inspector.replay-url';
/** Targets whose self-signed certificate the user accepted this session (origins). */
const selfSignedOrigins = new Set<string>();

/** A new form: the target last used this session, everything else as the service sent it. */
export function freshReplayDraft(): ReplayDraft {
  const url = rememberedUrl();
  return {
    url,
    signing: 'keep',
    secret: '',
    deliveryHeader: 'keep',
    timestampHeader: 'keep',
    allowSelfSigned: selfSignedOrigins.has(originOf(url) ?? ''),
  };
}

/** Applies an edit; a new target URL picks up whether its certificate was accepted before. */
export function editReplayDraft(draft: ReplayDraft, change: Partial<ReplayDraft>): ReplayDraft {
  const next = { ...draft, ...change };
  if (change.url !== undefined && change.allowSelfSigned === undefined) {
    next.allowSelfSigned = selfSignedOrigins.has(originOf(change.url) ?? '');
  }
  return next;
}

type Checked = { options: ReplayOptions } | { problem: string };

/** The options to send, or what is wrong with the form, said before the call is made. */
export function replayOptionsFromDraft(draft: ReplayDraft): Checked {
  const url = draft.url.trim();
  const origin = originOf(url);
  if (origin === null) return { problem: 'The target is an http:// or https:// URL, e.g. http://localhost:3000/webhooks.' };
  if (draft.signing === 'resign' && draft.secret === '') return { problem: 'Re-signing needs the secret to sign with.' };
  const signing: ReplayOptions['signing'] =
    draft.signing === 'resign' ? { mode: 'resign', secret: draft.secret } : draft.signing === 'inForce' ? { mode: 'resign' } : { mode: draft.signing };
  return {
    options: {
      url,
      signing,
      deliveryHeader: draft.deliveryHeader,
      timestampHeader: draft.timestampHeader,
      allowSelfSigned: draft.allowSelfSigned,
    },
  };
}

/** Called once a replay was sent: the next form (and the next delivery's) starts from this target. */
export function rememberTarget(options: ReplayOptions): void {
  try {
    window.sessionStorage.setItem(urlKey, options.url);
  } catch {
    // Storage refused (private mode): the form just starts empty next time.
  }
  const origin = originOf(options.url);
  if (origin === null) return;
  if (options.allowSelfSigned) selfSignedOrigins.add(origin);
  else selfSignedOrigins.delete(origin);
}

function rememberedUrl(): string {
  try {
    return window.sessionStorage.getItem(urlKey) ?? '';
  } catch {
    return '';
  }
}

function originOf(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
