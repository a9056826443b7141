/**
 * Bump when the analysis would derive different columns from the same raw row (new findings, new
 * keys): on start, a store analyzed by an older version is re-analyzed, raw columns untouched.
 */
export const analyzerVersion = 4;
