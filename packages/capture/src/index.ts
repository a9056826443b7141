// Taking a delivery off the socket, shared by the app's receiver and the relay: the HTTP(S) receiver, the body
// capture, the answers, the token hash and the rule for a request path under a base (which the app's forward uses
// too). It imports Node built-ins only (never the app's src/).
export * from './delivery';
export * from './server';
export * from './capture-body';
export * from './request-parts';
export * from './response-policy';
export * from './token-hash';
export * from './request-path';
