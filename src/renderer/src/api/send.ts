import type { CallInput, CallName, CallOutput } from '../../../shared/contract';

/** The contract's `call` (client.ts), or a stand-in of the same type: a unit test's fake core. */
export type Send = <N extends CallName>(name: N, input: CallInput<N>, options?: { signal?: AbortSignal }) => Promise<CallOutput<N>>;
