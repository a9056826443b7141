/**
 * Express's JSON parser refuses more than 100 kB by default (413, a 4xx: the service would drop the event).
 * Apart from the battery, so that `check --help` says it without loading the battery.
 */
export const defaultLargeBodyBytes = 512 * 1024;
