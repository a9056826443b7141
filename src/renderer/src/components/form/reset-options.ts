/**
 * A form that follows values read from the core (its `values`) keeps the fields the user edited meanwhile; but
 * react-hook-form applies these reset options to `reset()` too, so a reset to what was saved, or the Reset button,
 * says to drop the edits.
 */
export const keepEdits = { keepDirtyValues: true } as const;
export const dropEdits = { keepDirtyValues: false } as const;
