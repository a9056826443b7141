import { z } from 'zod';

/** The longest value a filter or key compares with what the store holds (paths, event names, keys, UUIDs). */
export const filterValueMaxLength = 2048;
/**
 * The longest free text searched in bodies. SQLite refuses a LIKE pattern over 50,000 bytes, and a character
 * is at most 3 bytes in UTF-8 (a pair of surrogates, two characters here, 4), or 2 once escaped: 10,000 fit.
 */
export const bodyTextMaxLength = 10_000;

/**
 * A value a filter or key is compared with: bounded, and without a NUL, which no stored path, event name or key
 * holds (a request line cannot carry one, and a PostgreSQL text cannot hold one).
 */
export const FilterValue = z
  .string()
  .max(filterValueMaxLength, `at most ${filterValueMaxLength} characters`)
  .refine((value) => !value.includes('\0'), 'must not contain a NUL byte');

/** Free text searched in raw bodies: any characters (a body may hold a NUL), bounded. */
export const BodyText = z.string().max(bodyTextMaxLength, `at most ${bodyTextMaxLength.toLocaleString('en-US')} characters`);
