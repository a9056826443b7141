import { z } from 'zod';
import { ReplayManyOptions, ReplayOptions, ReplaySend } from '../../../../shared/replay';
import { range } from '../../components/form/field-problems';
import { EditFields, editProblem, replayEdit } from './edit-fields';

/** How the form signs: as a record is, or re-signed with the signing secret in force (the server's, never shown here). */
export const SigningChoice = z.enum(['keep', 'inForce', 'resign', 'wrong']);
export type SigningChoice = z.infer<typeof SigningChoice>;
export type SigningMode = ReplayOptions['signing']['mode'];
const HeaderChoice = ReplayOptions.shape.deliveryHeader.unwrap();
export type HeaderChoice = z.infer<typeof HeaderChoice>;
const ReplayOrder = ReplayManyOptions.shape.order.unwrap();
export type ReplayOrder = z.infer<typeof ReplayOrder>;

/** Where to send and how to sign, as typed: the fields a single replay and a "replay many" share. The secret lives here only. */
export const OptionFields = z.object({
  url: z.string(),
  signing: SigningChoice,
  secret: z.string(),
  deliveryHeader: HeaderChoice,
  timestampHeader: HeaderChoice,
  allowSelfSigned: z.boolean(),
});
export type OptionFields = z.infer<typeof OptionFields>;

function replayOptions({ url, signing, secret, ...choices }: OptionFields): z.input<typeof ReplayOptions> {
  const signs = signing === 'inForce' ? { mode: 'resign' as const } : signing === 'resign' ? { mode: signing, secret } : { mode: signing };
  return { ...choices, url: url.trim(), signing: signs };
}

/** One replay of one delivery as typed, edited or not, turned into what replay.send takes (the view adds the delivery). */
const ReplayRequest = ReplaySend.omit({ deliveryId: true });
export const ReplayFields = OptionFields.extend(EditFields.shape)
  .transform(({ editing, original, body, headers, ...options }): z.input<typeof ReplayRequest> => ({
    ...replayOptions(options),
    ...(editing ? { edit: replayEdit({ original, body, headers }) } : {}),
  }))
  .pipe(ReplayRequest);
export type ReplayFields = z.input<typeof ReplayFields>;
export type ReplayRequest = z.output<typeof ReplayFields>;

/** A "replay many" as typed, turned into what replay.many takes (the view adds the selection); the seed counts when shuffled. */
const ReplayManyRequest = ReplayManyOptions.omit({ selection: true });
export const ReplayManyFields = OptionFields.extend({ order: ReplayOrder, seed: z.string() })
  .transform(
    ({ order, seed, ...options }): z.input<typeof ReplayManyRequest> => ({ ...replayOptions(options), order, seed: order === 'shuffled' ? wholeNumber(seed) : 1 }),
  )
  .pipe(ReplayManyRequest);
export type ReplayManyFields = z.input<typeof ReplayManyFields>;
export type ReplayManyRequest = z.output<typeof ReplayManyFields>;

const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What each field must be, said when it is not, in this order (by the first segment of the error's path). */
const sentences: Record<string, string> = {
  url: 'The target is an http:// or https:// URL, e.g. http://localhost:3000/webhooks.',
  signing: 'Re-signing needs the secret to sign with.',
  seed: `The seed is a whole number ${range(ReplayManyOptions.shape.seed.unwrap())}; the same seed gives the same order.`,
};

/** The line that says what to fix first in a replay form, or null when it can be sent. */
export function replayProblem(parsed: z.ZodSafeParseResult<unknown>, fields: Pick<ReplayFields, 'headers'>): string | null {
  if (parsed.success) return null;
  const first = (name: string) => parsed.error.issues.find((issue) => issue.path[0] === name);
  for (const name of Object.keys(sentences)) if (first(name)) return sentences[name]!;
  const edit = first('edit');
  return edit ? editProblem(edit, fields.headers) : parsed.error.issues[0]!.message;
}
