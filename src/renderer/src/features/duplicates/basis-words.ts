/** How a group of copies without an idempotency key is labelled: they were grouped only because their bytes are identical. */
export const identicalBytesWords = {
  badge: 'identical bytes, no key',
  label: 'identical bytes — no idempotency key (spec 6 rule 4 fields missing or not strings)',
};
