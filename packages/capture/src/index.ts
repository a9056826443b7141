// Taking a delivery off the socket, shared by the app's receiver and the relay: the HTTP(S) receiver, the body
// capture, the answers, the group commit and the token hash. It imports Node built-ins only (never the app's src/).
export * from './delivery';
export * from './server';
export * from './capture-body';
export * from './request-parts';
export * from './response-policy';
export * from './group-commit';
export * from './token-hash';
