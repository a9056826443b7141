import type { ForwardSettings } from '../../../../shared/replay';

/** The forward settings in words, e.g. "on → http://localhost:3000 · + the delivery's path · /webhooks → /api · answers with its status". */
export function describeForward(settings: ForwardSettings): string {
  if (!settings.enabled || settings.target === null) return settings.target === null ? 'off' : `off (target ${settings.target})`;
  const parts = [`on → ${settings.target}`];
  if (settings.appendPath) parts.push("+ the delivery's path");
  if (settings.pathRewrite) parts.push(`${settings.pathRewrite.from} → ${settings.pathRewrite.to}`);
  if (settings.mirrorStatus) parts.push("answers with the target's status");
  if (settings.allowSelfSigned) parts.push('self-signed allowed');
  return parts.join(' · ');
}
