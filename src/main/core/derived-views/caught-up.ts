import type { CallContext, CallHandlers, CallName, CallOutput } from '../../../shared/contract';
import type { StoreReader } from '../store/reader';

type Input<N extends CallName> = Parameters<CallHandlers[N]>[0];

/**
 * A call that reads the derived tables, made once they have caught up with the stored deliveries: a delivery's
 * duplicate group and lifecycle are derived just after its commit, and a read sees them already.
 */
export function caughtUp<N extends CallName>(store: Pick<StoreReader, 'derived'>, read: CallHandlers[N]) {
  return async (input: Input<N>, context: CallContext): Promise<CallOutput<N>> => {
    await store.derived.catchUpForRead();
    return (read as (input: Input<N>, context: CallContext) => Promise<CallOutput<N>> | CallOutput<N>)(input, context);
  };
}
