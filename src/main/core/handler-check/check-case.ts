/** What a handler check sends and expects: one case checks one rule of the spec with one or more deliveries. */

import { CheckCategory, categoryTitles } from '../../../shared/handler-check';

export { categoryTitles };
export const checkCategories = CheckCategory.options;
export type { CheckCategory };

/** One HTTP request of a case, exactly as it goes on the wire (header pairs in order, the body's bytes). */
export interface CheckRequest {
  headers: Array<[string, string]>;
  body: Buffer;
  /** What this request is, when a case sends several. */
  label?: string;
  /** What this request must get, when not what its case expects (a genuine delivery before its forged copy). */
  expect?: Expectation;
}

/** `acknowledge`: real traffic, every request must get a 2xx. `reject`: a forgery, none may. */
export type Expectation = 'acknowledge' | 'reject';

export interface CheckCase {
  /** Stable across runs (compared between runs, chosen with --only). */
  id: string;
  category: CheckCategory;
  title: string;
  /** The sections of the spec the case checks, e.g. "5.4". */
  specSections: string[];
  expect: Expectation;
  /**
   * What to change in the handler when it fails (an `acknowledge` request not answered 2xx, a `reject` one answered
   * 2xx): the rule in the imperative, with its spec section.
   */
  fix: string;
  requests: CheckRequest[];
  /** Send the requests at the same instant (two copies racing), instead of one after the other. */
  simultaneous?: boolean;
}
