import { fork, type ChildProcess } from 'node:child_process';

/**
 * The benchmark's child processes: the bundle (`run.mjs`) started again with a mode argument, talking over
 * Node's IPC channel. The child announces itself with `ready`, then answers calls `{ id, cmd, args }`.
 */
interface Call {
  id: number;
  cmd: string;
  args: unknown;
}
type Reply = { id: number; result: unknown } | { id: number; error: string };
type Ready = { ready: unknown } | { failed: string };

export class Child<TReady = unknown> {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly process: ChildProcess,
    readonly ready: TReady,
    exited: Promise<number | null>,
  ) {
    this.exited = exited;
    process.on('message', (message: Reply) => {
      const pending = this.waiting.get(message.id);
      if (!pending) return;
      this.waiting.delete(message.id);
      if ('error' in message) pending.reject(new Error(`${name}: ${message.error}`));
      else pending.resolve(message.result);
    });
    void exited.then((code) => {
      for (const pending of this.waiting.values()) pending.reject(new Error(`${name} exited (${code})`));
      this.waiting.clear();
    });
  }

  get pid(): number {
    return this.process.pid!;
  }

  /** Starts `node run.mjs <mode> <arg>` (with `execArgv`, e.g. --cpu-prof) and waits for its `ready`. */
  static async start<T>(name: string, mode: string, arg: unknown, execArgv: string[] = []): Promise<Child<T>> {
    const child = fork(process.argv[1]!, [mode, JSON.stringify(arg)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<T>((resolve, reject) => {
      child.once('message', (message: Ready) => {
        if ('failed' in message) reject(new Error(`${name} could not start: ${message.failed}`));
        else resolve(message.ready as T);
      });
      void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
    });
    return new Child<T>(name, child, ready, exited);
  }

  call<R>(cmd: string, args: unknown = null): Promise<R> {
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.process.send({ id, cmd, args } satisfies Call);
    });
  }

  /** Calls `stop` (the child closes what it holds and exits), then waits for the exit. */
  async stop<R>(): Promise<R> {
    const result = await this.call<R>('stop');
    await this.exited;
    return result;
  }

  /** Ends the child by its pid (after a failure). */
  kill(): void {
    if (this.process.exitCode === null) this.process.kill('SIGTERM');
  }
}

/** The child's side: runs `start`, says `ready`, then serves calls; `stop` runs its handler, answers, and exits. */
export async function serveChild(start: () => Promise<{ ready: unknown; handlers: Record<string, (args: never) => unknown> }>): Promise<void> {
  let served: Awaited<ReturnType<typeof start>>;
  try {
    served = await start();
  } catch (error) {
    process.send!({ failed: (error as Error).stack ?? String(error) } satisfies Ready);
    process.disconnect();
    return;
  }
  process.send!({ ready: served.ready } satisfies Ready);
  process.on('message', (message: Call) => {
    const handler = served.handlers[message.cmd] as ((args: unknown) => unknown) | undefined;
    void (async () => {
      try {
        if (!handler) throw new Error(`unknown call ${message.cmd}`);
        const result = await handler(message.args);
        process.send!({ id: message.id, result: result ?? null } satisfies Reply);
        if (message.cmd === 'stop') {
          process.disconnect();
          // Whatever still holds the event loop after `stop` closed its servers does not keep the child alive.
          setTimeout(() => process.exit(0), 3_000).unref();
        }
      } catch (error) {
        process.send!({ id: message.id, error: (error as Error).stack ?? String(error) } satisfies Reply);
      }
    })();
  });
}
