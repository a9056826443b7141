/** The client of the service's API (the simulator's or a real one): what the rest of the core may import. */
export { ServiceApiSession, type ServiceApiOptions } from './session';
export { ServiceApiClient, defaultTimeoutMs, type PayoutOrderAnswer } from './client';
export { ServiceApiError } from './errors';
export type { ServiceAccess } from './http-request';
export { RateLimiter, defaultRequestsPerSecond, type Clock } from './rate-limiter';
