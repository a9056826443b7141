/** The receiver's body limit unless told otherwise: past it a body is cut and flagged truncated (docs/receiver.md). */
export const defaultBodyLimitBytes = 1024 * 1024;
