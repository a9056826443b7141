import { z } from 'zod';
import type { Role } from './role';
import * as check from './contract/check';
import * as compare from './contract/compare';
import * as deliveries from './contract/deliveries';
import * as deliverySearch from './contract/delivery-search';
import * as duplicates from './contract/duplicates';
import * as egress from './contract/egress';
import * as lifecycles from './contract/lifecycles';
import * as reconcile from './contract/reconcile';
import * as replay from './contract/replay';
import * as serviceApi from './contract/service-api';
import * as settings from './contract/settings';
import * as simulator from './contract/simulator';
import * as sources from './contract/sources';
import * as status from './contract/status';
import * as team from './contract/team';
import * as transfer from './contract/transfer';

export { ConfiguredRelay, CoreStatus, SecretStorage, StoreFailure, UpkeepFailure } from './core-status';
export { SessionInfo } from './contract/team';
export { DeliveryListInput } from './contract/deliveries';

/**
 * The control contract: every call the UI makes to the core, named `domain.verb`,
 * with its input and output schemas. The control server validates inputs with it and
 * the renderer's client is typed by it; nothing about a call is written twice.
 * Transport: POST /rpc/<name> with a JSON body; events over GET /events (server-sent), opened with the token in
 * the Authorization header or with a ticket (`POST /events/ticket` → `GET /events?ticket=…`), never the token in the URL.
 *
 * Each domain states its calls, the least role of each and its events in its own part (contract/<domain>.ts); this file
 * joins them, a line for each part.
 */
export const calls = {
  ...status.calls,
  ...team.calls,
  ...deliveries.calls,
  ...deliverySearch.calls,
  ...compare.calls,
  ...settings.calls,
  ...sources.calls,
  ...duplicates.calls,
  ...lifecycles.calls,
  ...serviceApi.calls,
  ...replay.calls,
  ...egress.calls,
  ...transfer.calls,
  ...check.calls,
  ...simulator.calls,
  ...reconcile.calls,
} as const;

export type CallName = keyof typeof calls;
export type CallInput<N extends CallName> = z.input<(typeof calls)[N]['input']>;
export type CallOutput<N extends CallName> = z.infer<(typeof calls)[N]['output']>;
/** Who makes a call: a team server's user by name and role; on a personal inspector (its per-start token) null, an admin. */
export interface CallContext {
  user: string | null;
  role: Role;
  /**
   * Adds to the details a team server's audit log records for this call beside its input (what the input does not
   * say: the role a user had before users.setRole). Absent where nothing is recorded.
   */
  noteForAudit?: (details: Record<string, unknown>) => void;
}
export type CallHandlers = {
  [N in CallName]: (input: z.infer<(typeof calls)[N]['input']>, context: CallContext) => Promise<CallOutput<N>> | CallOutput<N>;
};

/**
 * The least role each call needs (roles.ts says what a role allows). Typed over every call: a new call cannot be added
 * without its rule. viewer reads; member also sends on the team's behalf (replays, exports, imports, orders to the
 * service); admin changes what the server does for everyone.
 */
export const callRoles = {
  ...status.roles,
  ...team.roles,
  ...deliveries.roles,
  ...deliverySearch.roles,
  ...compare.roles,
  ...settings.roles,
  ...sources.roles,
  ...duplicates.roles,
  ...lifecycles.roles,
  ...serviceApi.roles,
  ...replay.roles,
  ...egress.roles,
  ...transfer.roles,
  ...check.roles,
  ...simulator.roles,
  ...reconcile.roles,
} as const satisfies Record<CallName, Role>;

/** Server-sent events, each a JSON payload under its name. */
export const events = {
  ...deliveries.events,
  ...status.events,
  ...simulator.events,
  ...serviceApi.events,
  ...replay.events,
  ...transfer.events,
  ...check.events,
  ...reconcile.events,
} as const;
export type EventName = keyof typeof events;
export type EventPayload<N extends EventName> = z.infer<(typeof events)[N]>;

/** Error body of a failed call. */
export const CallError = z.object({
  error: z.string(),
  issues: z.array(z.string()).optional(),
  /** What to do next, in a sentence, when the core knows (a service API call that failed); `error` keeps the detail. */
  advice: z.string().optional(),
});
export type CallError = z.infer<typeof CallError>;
