// webhook-inspector-relay: a public relay that receives a payout service's webhooks per channel, keeps them in
// PostgreSQL and lets each channel's laptop pull them. May import: @webhook-inspector/capture,
// @webhook-inspector/command-line, pg, Node built-ins. May not import: the app (src/), Electron, React, SQLite.
export { jsonRelayLogger, silentRelayLogger, type RelayLogger } from './relay-logger';
export { startRelay, defaultMaxStreamsPerToken, defaultUnroutedBudgetBytes, type Relay, type RelayOptions } from './start-relay';
export { channelAudit, channelHoldings, createChannel, revokeChannel, rotateChannelToken, type Channel, type ChannelHoldings, type AuditEntry } from './channels';
export { migrateRelaySchema, relaySchema } from './pg-schema';
export { routeChannelPath, type ChannelRoute } from './channel-path';
export { remoteAddressBehind } from './forwarded-for';
export { createDatabaseProbe, type DatabaseHealth, type DatabaseProbeOptions } from './database-probe';
export type { RelayedDelivery, RelayPage } from './pull-wire';
export { relayCommands, relayStoreVariable } from './relay-commands';
