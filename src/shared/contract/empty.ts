import { z } from 'zod';

/** The input of a call that takes none. */
export const Empty = z.object({}).strict();
