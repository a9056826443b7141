/** How often a program run by npm looks whether the process npm started it through is still there. */
const parentCheckMs = 250;
/**
 * The parent as the process started: taken when this module loads, not when a program arms the watch, since a parent
 * that ends in between (npm signalled as soon as the program printed its first line) would leave an orphan that
 * takes init for its parent and never sees it change.
 */
const parentAtStart = process.ppid;

/**
 * SIGINT and SIGTERM close the running service cleanly, then exit (1 if closing failed).
 *
 * Run by npm (npx, npm exec, npm run), it also closes when its parent ends: npm runs a program in a shell and passes
 * a SIGTERM to that shell only, which ends without passing it on, so a `kill` of npx would otherwise leave the
 * program running, holding its ports. A program started some other way keeps running when its parent ends (a CI
 * script's `payout-simulator &`, a service manager).
 */
export function closeOnSignal(service: { close(): Promise<void> }, env: NodeJS.ProcessEnv = process.env): void {
  const stop = (reason: string) => {
    clearInterval(watch);
    console.error(`${reason}: closing`);
    service.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`close failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const parent = parentAtStart;
  const watch = runByNpm(env)
    ? setInterval(() => {
        if (process.ppid !== parent) stop(`its parent (process ${parent}) ended`);
      }, parentCheckMs).unref()
    : undefined;
}

function runByNpm(env: NodeJS.ProcessEnv): boolean {
  return env.npm_execpath !== undefined || env.npm_lifecycle_event !== undefined;
}
