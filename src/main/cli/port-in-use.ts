/** A port a command binds, and the flag that changes it. */
export interface BoundPort {
  /** The port asked for on the command line; undefined when the default (or the one saved in Settings) was used. */
  asked: number | undefined;
  flag: string;
  /** What listens there: "the HTTPS receiver". */
  what: string;
}

/**
 * A port already taken, said in one line with the flag that picks another (the system's own words name neither the
 * listener nor the flag: `listen EADDRINUSE: address already in use 127.0.0.1:8443`). The first port is the one
 * whose default was taken when no other port asked for matches. Any other error is returned as it is.
 */
export function portInUse(error: unknown, ports: [BoundPort, ...BoundPort[]]): unknown {
  const failed = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (failed?.code !== 'EADDRINUSE' || typeof failed.port !== 'number') return error;
  const bound = ports.find((p) => p.asked === failed.port) ?? ports.find((p) => p.asked === undefined) ?? ports[0];
  const where = failed.address ? `${failed.address}:${failed.port}` : String(failed.port);
  return new Error(`port ${failed.port} is in use (${bound.what} on ${where}): give another with ${bound.flag} N, or ${bound.flag} 0 for a free one`);
}

/** The port a flag asked for (already parsed by parsePort: a valid one), or undefined. */
export function askedPort(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}
