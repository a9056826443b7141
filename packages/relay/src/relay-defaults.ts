// Apart from start-relay.ts, so that the relay's --help says them without loading the relay.
export const defaultUnroutedBudgetBytes = 64e6;
export const defaultMaxStreamsPerToken = 8;
