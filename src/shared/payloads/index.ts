export * from './json-values';
export * from './events';
export * from './send-request-parts';
export * from './send-request';
export * from './gift-card';
export * from './crypto-form-a';
export * from './crypto-form-b';
