import type { WriterHandlers } from './writer-handlers';

/** A write, by its handler's name. */
export type WriterCall = keyof WriterHandlers;

/** The handler map's writes as the store calls them: the same arguments, each answer as a promise. */
export type WriterCalls = {
  [C in WriterCall]: (...args: Parameters<WriterHandlers[C]>) => Promise<ReturnType<WriterHandlers[C]>>;
};

/** Runs one write where the writer is (this thread, a worker thread): its name and arguments, its answer. */
export type RunWriterCall = (call: WriterCall, args: unknown[]) => Promise<unknown>;

/**
 * `own` (what is not a write of the handler map: the WAL's sync, close, a thread's state) with every write of the
 * handler map as a method that hands its name and arguments to `run`: one generic proxy in place of a method written
 * out per write, so that a new write is one entry in the handler map and nothing else. `then` is never a write (the
 * object may be awaited, or returned from an async function).
 */
export function writerCallsThrough<Own extends object>(own: Own, run: RunWriterCall): WriterCalls & Own {
  const calls = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy(own, {
    get(target, name) {
      if (name in target) return Reflect.get(target, name);
      if (typeof name !== 'string' || name === 'then') return undefined;
      let call = calls.get(name);
      if (call === undefined) calls.set(name, (call = (...args: unknown[]) => run(name as WriterCall, args)));
      return call;
    },
  }) as WriterCalls & Own;
}
