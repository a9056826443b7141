/** Sends still running, so closing the core can stop them and wait before the store closes. */
export class InFlight {
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<unknown>>();

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get closed(): boolean {
    return this.abort.signal.aborted;
  }

  track<T>(task: Promise<T>): Promise<T> {
    this.running.add(task);
    void task.then(
      () => this.running.delete(task),
      () => this.running.delete(task),
    );
    return task;
  }

  async close(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }
}
