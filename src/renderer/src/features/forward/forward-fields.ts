import { z } from 'zod';
import { ForwardSettings } from '../../../../shared/replay';

/**
 * The forward form as typed (the target and the rewrite as text), turned into what forward.set takes and
 * checked by its schema: the rules are the shared schema's, but one of the form's own (on needs a target).
 */
export const ForwardFields = z
  .object({
    enabled: z.boolean(),
    target: z.string(),
    appendPath: z.boolean(),
    rewriteFrom: z.string(),
    rewriteTo: z.string(),
    mirrorStatus: z.boolean(),
    allowSelfSigned: z.boolean(),
  })
  .refine((fields) => !fields.enabled || fields.target.trim() !== '', { message: 'Forwarding needs a target URL.', path: ['target'] })
  .transform(({ target, rewriteFrom, rewriteTo, ...fields }): z.input<typeof ForwardSettings> => {
    const from = rewriteFrom.trim();
    const to = rewriteTo.trim();
    // The rewrite fields are kept while appending is off, but only apply while it is on.
    const rewriting = fields.appendPath && (from !== '' || to !== '');
    return { ...fields, target: target.trim() === '' ? null : target.trim(), pathRewrite: rewriting ? { from, to } : null };
  })
  .pipe(ForwardSettings);
export type ForwardFields = z.input<typeof ForwardFields>;

export function fieldsOf(settings: ForwardSettings): ForwardFields {
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

export const forwardLabels = { target: 'Target URL', pathRewrite: 'Path rewrite', rewriteFrom: 'Path rewrite', rewriteTo: 'Path rewrite' };
