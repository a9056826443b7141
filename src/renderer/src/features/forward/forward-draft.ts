import type { ForwardSettings } from '../../../../shared/replay';

/** The forward form as typed: a target or rewrite half-typed is not rejected until saved. */
export interface ForwardDraft {
  enabled: boolean;
  target: string;
  appendPath: boolean;
  rewriteFrom: string;
  rewriteTo: string;
  mirrorStatus: boolean;
  allowSelfSigned: boolean;
}

export function draftFromForward(settings: ForwardSettings): ForwardDraft {
  return {
    enabled: settings.enabled,
    target: settings.target ?? '',
    appendPath: settings.appendPath,
    rewriteFrom: settings.pathRewrite?.from ?? '',
    rewriteTo: settings.pathRewrite?.to ?? '',
    mirrorStatus: settings.mirrorStatus,
    allowSelfSigned: settings.allowSelfSigned,
  };
}

type Checked = { settings: ForwardSettings } | { problems: string[] };

/** The same rules as the shared schema, said per field before the call is made. */
export function forwardFromDraft(draft: ForwardDraft): Checked {
  const problems: string[] = [];
  const target = draft.target.trim();
  if (target !== '' && !isHttpUrl(target)) problems.push('The target is an http:// or https:// URL, e.g. http://localhost:3000/webhooks.');
  if (draft.enabled && target === '') problems.push('Forwarding needs a target URL.');
  const from = draft.rewriteFrom.trim();
  const to = draft.rewriteTo.trim();
  // The rewrite fields are kept while appending is off, but only apply while it is on.
  const rewriting = draft.appendPath && (from !== '' || to !== '');
  if (rewriting && (!from.startsWith('/') || !to.startsWith('/'))) {
    problems.push('A path rewrite has both sides, each starting with "/", e.g. /webhooks → /api/hooks.');
  }
  if (problems.length > 0) return { problems };
  return {
    settings: {
      enabled: draft.enabled,
      target: target === '' ? null : target,
      appendPath: draft.appendPath,
      pathRewrite: rewriting ? { from, to } : null,
      mirrorStatus: draft.mirrorStatus,
      allowSelfSigned: draft.allowSelfSigned,
    },
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
