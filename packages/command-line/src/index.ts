/**
 * @webhook-inspector/command-line: commands defined once, parsed with node:util's parseArgs and explained by the
 * same definitions (help, docs). Generic: it names no program. May import Node built-ins only; never the app (src/)
 * or another package.
 */
export * from './command-definition';
export * from './command-tree';
export { closeOnSignal } from './close-on-signal';
export { parsePort } from './parse-port';
export { parseCount, parseSize } from './parse-size';
export { isPostgresUrl, requiredStoreUrl, storeOptions, storeSynopsis, storeUrlFrom, type StoreUrlFlags } from './store-url';
