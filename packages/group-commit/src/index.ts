// Many waiting writes in one commit, one fsync serving them all: the app's stores and the relay commit through it.
// It imports nothing, never the app's src/ or another package.
export * from './group-commit';
