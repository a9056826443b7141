/**
 * What an import takes of each delivery: no more than the receiver would have kept. A delivery's body is held to
 * the body limit in force (the receiver's; the `import` command's `--body-limit`); an entry over it is skipped and
 * named, never stored whole, and the reading never holds much more than one such delivery at a time.
 */
export interface ImportLimits {
  /** The most body bytes one delivery may have. */
  bodyLimitBytes: number;
}

/**
 * Room in an entry beside its body: the method, path, query and headers (the receiver's whole head is at most
 * 16 KiB, up to 6 times that JSON-escaped), the times, the answer and the field names, with room to spare.
 */
export const entryOverheadBytes = 256 * 1024;

/** The base64 text of `bytes` bytes: the longest a body within the limit is written in an export. */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * The longest NDJSON line, or HAR entry (in characters), that a delivery within the body limit can take: its body
 * as base64 and the room beside it. A longer one is skipped without being read whole.
 */
export const entryBound = (limits: ImportLimits) => base64Length(limits.bodyLimitBytes) + entryOverheadBytes;

/** Why a body is not imported. */
export const overLimit = (bodyBytes: number, limits: ImportLimits) =>
  `body of ${bodyBytes} bytes is over the body limit of ${limits.bodyLimitBytes} bytes; not imported`;
