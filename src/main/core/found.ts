class NotFound extends Error {
  readonly status = 404;
}

/** A call's answer when there is one; else the call is answered 404 with `message`. */
export function found<T>(value: T | null, message: string): T {
  if (value === null) throw new NotFound(message);
  return value;
}
