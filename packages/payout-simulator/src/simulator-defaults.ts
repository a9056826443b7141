// Apart from the API and the dispatcher, so that the program's --help says them without loading either.

/** The seed when none is given: the same seed, the same traffic. */
export const defaultSimulatorSeed = 1;
/** How much the service's backoff and scenario pacing are compressed: 60 turns 90 minutes into 90 seconds. */
export const defaultTimeScale = 60;
