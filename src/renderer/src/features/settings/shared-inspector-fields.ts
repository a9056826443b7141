import { z } from 'zod';

/** The shared inspector to connect to, as typed (the desktop app checks the address again, and the server the token). */
export const SharedInspectorFields = z.object({
  address: z.string().trim().regex(/^https?:\/\//i),
  token: z.string().trim().min(1),
});
export type SharedInspectorFields = z.input<typeof SharedInspectorFields>;

/** What each field must be, said when it is not. */
export const sharedInspectorProblems = {
  address: "The shared inspector's address is an https:// URL, e.g. https://inspector.example.com.",
  token: 'Your token is needed (printed once by `serve user create`).',
};
