/** SIGINT and SIGTERM close the running service cleanly, then exit (1 if closing failed). */
export function closeOnSignal(service: { close(): Promise<void> }): void {
  const stop = (signal: string) => {
    console.error(`${signal}: closing`);
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
}
