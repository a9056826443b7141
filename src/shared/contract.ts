import { z } from 'zod';
import { RelaySourceSettings } from './relay';
import { RetentionLimits } from './retention';
import { DeliveryDetail, DeliveryFilter, DeliveryOrder, DeliverySummary } from './delivery';
import { DeliveryComparison } from './compare';
import { DeliverySearchJob, DeliverySearchPage, DeliverySearchStart } from './delivery-search';
import { FilterValue } from './filter-text';
import { ResponsePolicy } from './policy';
import { ServiceConnection, SimulatorBehaviour, SimulatorState } from './simulator';
import { FetchAllJob, ListPage, ListTarget, PayoutOrderRequest } from './service-api';
import { EgressRules, EgressStatus } from './egress';
import { DeliverySelection, ForwardSettings, ReplayBatch, ReplayManyOptions, ReplayPreview, ReplayRecord, ReplaySend, ReplaySentBody } from './replay';
import { ExportResult, FixtureExportOptions, ImportResult, TransferProgress } from './fixtures';
import { AuditPage, AuditRetentionApplied, AuditRetentionLimits, TeamUserView, UserName } from './team';
import { Role } from './role';
import { CheckCaseResult, CheckRunSummary, CheckRunView, CheckStart } from './handler-check';
import {
  DeliveryIdEvidence,
  Lifecycle,
  LifecycleKind,
  LifecycleSummary,
  ListedDuplicateGroup,
  OrderSummary,
  RecipientView,
} from './lifecycle';
import { ReconcileRun, ReconcileRunSummary, ReconcileSchedule } from './reconcile';
import { CoreStatus, Port } from './core-status';

export { ConfiguredRelay, CoreStatus, SecretStorage, StoreFailure, UpkeepFailure } from './core-status';

/**
 * The control contract: every call the UI makes to the core, named `domain.verb`,
 * with its input and output schemas. The control server validates inputs with it and
 * the renderer's client is typed by it; nothing about a call is written twice.
 * Transport: POST /rpc/<name> with a JSON body; events over GET /events (server-sent), opened with the token in
 * the Authorization header or with a ticket (`POST /events/ticket` → `GET /events?ticket=…`), never the token in the URL.
 */

const Empty = z.object({}).strict();
/** A job's id as the core gave it (a UUID). */
const JobId = z.string().max(100);

export const SessionInfo = z.object({
  /** The team user; null on a personal inspector. */
  user: z.string().nullable(),
  role: Role,
  /** A team's shared inspector (`serve --team`): roles and the audit log apply. */
  team: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const DeliveryListInput = z.object({
  filter: DeliveryFilter.default({}),
  /** The id of the last row loaded: the page after it, in the list's order. */
  beforeId: z.number().int().optional(),
  /** The list's `latestId`: only what was stored since. */
  afterId: z.number().int().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

export const calls = {
  'status.get': { input: Empty, output: CoreStatus },
  /** Who is calling: a team server's user and their role, or the personal inspector's one user (an admin). */
  'session.get': { input: Empty, output: SessionInfo },
  /** A team server's audit log, newest first, a page at a time (admins). */
  'audit.list': {
    input: z.object({ beforeId: z.number().int().optional(), limit: z.number().int().min(1).max(500).default(100) }),
    output: AuditPage,
  },
  /** How long and how much of the audit log to keep (saved); the entries past either are removed at once and then hourly. */
  'audit.setRetention': { input: AuditRetentionLimits, output: AuditRetentionApplied },
  /** A team server's users (admins); `serve user …` does the same at the server's command line. */
  'users.list': { input: Empty, output: z.object({ items: z.array(TeamUserView) }) },
  /** Creates a user (or gives a revoked one a new token); the token is in this answer only. */
  'users.create': { input: z.object({ name: UserName, role: Role }), output: z.object({ name: z.string(), token: z.string() }) },
  /** Another role for a user (not yourself): their open streams close and reopen with it. */
  'users.setRole': { input: z.object({ name: z.string(), role: Role }), output: z.object({ items: z.array(TeamUserView) }) },
  /** The user's token opens nothing from now on (not yours), and their open streams close. */
  'users.revoke': { input: z.object({ name: z.string() }), output: z.object({ items: z.array(TeamUserView) }) },
  'deliveries.list': {
    input: DeliveryListInput,
    output: z.object({
      items: z.array(DeliverySummary),
      /** Deliveries matching the filter; with a filter, counted up to 10,000 (then totalCapped). */
      total: z.number().int(),
      totalCapped: z.boolean(),
      /** `received`: newest receive time first (imports keep theirs); `stored`: newest id first (a text search). */
      order: DeliveryOrder,
      /** The newest stored delivery when the page was read, matching or not: catch up with `afterId` from it. */
      latestId: z.number().int(),
    }),
  },
  /** A free-text search as a job (a short word no index takes is searched body by body, newest first). */
  'deliveries.search.start': { input: DeliverySearchStart, output: DeliverySearchJob },
  /**
   * The job and its matches from the `from`-th on. With `waitMs`, a running job's answer waits (up to then) for
   * something new: a match, progress (at most every 100 ms), or its end.
   */
  'deliveries.search.page': {
    input: z.object({ jobId: JobId, from: z.number().int().min(0).default(0), waitMs: z.number().int().min(0).max(10_000).default(0) }),
    output: DeliverySearchPage,
  },
  /** Stops a running search, keeping what it found; a finished one is returned as it is. */
  'deliveries.search.cancel': { input: z.object({ jobId: JobId }), output: DeliverySearchJob },
  'deliveries.get': { input: z.object({ id: z.number().int() }), output: DeliveryDetail },
  /**
   * Two stored deliveries side by side (left, right): headers, body as JSON and as bytes, signature verdicts, findings;
   * each signature check as deliveries.get shows it to the caller.
   */
  'deliveries.compare': { input: z.object({ left: z.number().int(), right: z.number().int() }), output: DeliveryComparison },
  'deliveries.facets': {
    input: Empty,
    output: z.object({ events: z.array(z.string()), paths: z.array(z.string()) }),
  },
  'settings.setSecret': {
    input: z.object({ secret: z.string().min(1).max(4096) }),
    output: z.object({ reverified: z.number().int() }),
  },
  'settings.clearSecret': { input: Empty, output: z.object({ reverified: z.number().int() }) },
  'settings.setPolicy': { input: ResponsePolicy, output: ResponsePolicy },
  'settings.setPorts': {
    input: z.object({ https: Port, http: Port.nullable() }),
    output: CoreStatus,
  },
  /** Switch between the embedded simulator and a real service; an API token given is kept, never shown again. */
  'settings.setService': {
    input: z.object({ connection: ServiceConnection, apiToken: z.string().min(1).max(4096).optional() }),
    output: CoreStatus,
  },
  /** Keep deliveries within these limits (saved; in place of `serve --keep-days/--keep-size` for the run); pruning runs in the background. */
  'settings.setRetention': { input: RetentionLimits, output: CoreStatus },
  /** Pull deliveries from a relay, now and at every start (replaces the one in force). A token given is kept, never shown again. */
  'sources.set': { input: RelaySourceSettings, output: CoreStatus },
  /** Stop pulling from the relay and forget it, token included (what it brought stays stored). */
  'sources.clear': { input: Empty, output: CoreStatus },
  'duplicates.list': {
    input: z.object({ beforeLastId: z.number().int().optional(), limit: z.number().int().min(1).max(200).default(50) }),
    output: z.object({
      items: z.array(ListedDuplicateGroup),
      total: z.number().int(),
      evidence: DeliveryIdEvidence,
    }),
  },
  'lifecycles.list': {
    input: z.object({
      filter: z
        .object({
          kind: LifecycleKind.optional(),
          orderUuid: FilterValue.optional(),
          recipientKey: FilterValue.optional(),
          status: FilterValue.optional(),
          finding: FilterValue.optional(),
        })
        .default({}),
      beforeLastDeliveryId: z.number().int().optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: z.object({ items: z.array(LifecycleSummary.extend({ lastDeliveryId: z.number().int() })) }),
  },
  'lifecycles.facets': {
    input: Empty,
    /** orders: the UUIDs of the most recently active payout orders (at most 500), newest first. */
    output: z.object({ statuses: z.array(z.string()), findings: z.array(z.string()), orders: z.array(z.string()) }),
  },
  'lifecycles.get': { input: z.object({ key: FilterValue }), output: Lifecycle },
  'recipients.get': { input: z.object({ recipientKey: FilterValue }), output: RecipientView },
  'orders.list': {
    input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
    output: z.object({ items: z.array(OrderSummary) }),
  },
  'orders.get': {
    input: z.object({ orderUuid: FilterValue }),
    output: z.object({ summary: OrderSummary, recipients: z.array(RecipientView) }),
  },
  /**
   * One page of a list endpoint of the service in use: from the cache of the UI session for 60 s
   * (per endpoint, page and limit; lists a created payout order changes are dropped from it), else
   * from the service, as with refresh.
   */
  'api.listPage': {
    input: ListTarget.extend({
      page: z.number().int().min(1).default(1),
      /** The spec allows 1..20; another limit is sent as asked, to show how the service takes it. */
      limit: z.number().int().default(10),
      refresh: z.boolean().default(false),
      /** The UI session (one page load): served only pages it read itself. */
      session: z.string().max(100).optional(),
    }),
    output: ListPage,
  },
  /** Starts walking pages 1..total-pages; progress comes as `api.fetchAll` events. */
  'api.fetchAll.start': {
    input: ListTarget.extend({ limit: z.number().int().default(20) }),
    output: FetchAllJob,
  },
  'api.fetchAll.cancel': { input: z.object({ jobId: z.string() }), output: FetchAllJob },
  /** What a fetch-all got (all of it, or what it had when it stopped). */
  'api.fetchAll.items': {
    input: z.object({ jobId: z.string() }),
    output: z.object({ job: FetchAllJob, items: z.array(z.unknown()) }),
  },
  /** GET /api/webhooks: stores the signing secret and re-verifies the stored deliveries. */
  'api.fetchSigningSecret': { input: Empty, output: z.object({ reverified: z.number().int() }) },
  /** POST /api/payout-orders; the answer as the service gave it. */
  'api.createPayoutOrder': {
    input: PayoutOrderRequest,
    output: z.object({ status: z.number().int(), body: z.unknown(), orderUuid: z.string().nullable() }),
  },
  /** One stored delivery sent again, as stored or edited first (`edit`: its body's bytes and its headers). */
  'replay.send': { input: ReplaySend, output: ReplayRecord },
  /** What replay.send would send with the same input (headers, size, signature); nothing is sent or stored. */
  'replay.preview': { input: ReplaySend, output: ReplayPreview },
  /** The exact bytes a replay sent (an edited one's own, else its delivery's), to compare with its delivery's. */
  'replay.sentBody': { input: z.object({ replayId: z.number().int() }), output: ReplaySentBody },
  'replay.many': { input: ReplayManyOptions, output: ReplayBatch },
  /** Replays and forwards of one delivery, newest first. */
  'replay.list': { input: z.object({ deliveryId: z.number().int() }), output: z.object({ items: z.array(ReplayRecord) }) },
  'forward.get': { input: Empty, output: ForwardSettings },
  'forward.set': { input: ForwardSettings, output: ForwardSettings },
  /** The egress policy in force: what a replay, a forward, the service and a relay source may connect to. */
  'egress.get': { input: Empty, output: EgressStatus },
  /** Replaces the allowed targets saved from Settings (the command line's stay). */
  'egress.set': { input: EgressRules, output: EgressStatus },
  /**
   * A fixtures folder: one JSON file and one raw .body file per delivery, and a manifest. Refused (403) on a team
   * server, which writes no files of its own for a user: it offers the folder as a download (POST /transfer/export).
   */
  'export.fixtures': { input: FixtureExportOptions, output: ExportResult },
  /** HAR 1.2 of the selection, as text (the UI saves it). */
  'export.har': { input: z.object({ selection: DeliverySelection }), output: z.object({ har: z.string() }) },
  /** A curl command that sends the exact stored bytes. */
  'export.curl': {
    input: z.object({ deliveryId: z.number().int(), url: z.url({ protocol: /^https?$/ }).optional() }),
    output: z.object({ command: z.string() }),
  },
  /** Imports a fixtures folder, a HAR file or an NDJSON export from a path on this machine; a team server takes uploads instead (POST /transfer/import). */
  'import.path': { input: z.object({ path: z.string().min(1) }), output: ImportResult },
  /**
   * Starts the handler check against the user's endpoint, signed with the secret given, else the signing secret in force
   * (409 with none set, or while a run or a case sent again is under way; on a team server below admin a secret must be
   * given, 400: no signature oracle); its results come as `check.changed` events as they are graded, each stream's
   * with the run's signatures whole only for its starter and admins.
   */
  'check.start': { input: CheckStart, output: CheckRunView },
  /** A run with its results: the current one or a kept one. */
  'check.get': { input: z.object({ runId: z.string().max(100) }), output: CheckRunView },
  /** The current run (the last started) and the kept ones, newest first. */
  'check.list': { input: Empty, output: z.object({ current: CheckRunSummary.nullable(), kept: z.array(CheckRunSummary) }) },
  /** Sends one case of the current run again and grades it again. */
  'check.resend': { input: z.object({ runId: z.string().max(100), caseId: z.string().max(200) }), output: CheckCaseResult },
  /** Keeps a finished run to compare later runs with (at most 10; they survive a restart). Keeping it again updates it. */
  'check.keep': { input: z.object({ runId: z.string().max(100) }), output: CheckRunSummary },
  'check.drop': { input: z.object({ runId: z.string().max(100) }), output: z.object({ kept: z.array(CheckRunSummary) }) },
  'simulator.state': { input: Empty, output: SimulatorState },
  'simulator.configure': { input: SimulatorBehaviour.partial(), output: SimulatorBehaviour },
  /** Sends a permanently failed event again. */
  'simulator.resend': { input: z.object({ id: z.number().int() }), output: z.object({ resent: z.boolean() }) },
  /** Creates demo payout orders (every scenario) whose webhooks go to this inspector's receiver. */
  'simulator.createDemoOrder': {
    input: Empty,
    output: z.object({
      orders: z.array(z.object({ uuid: z.string(), payoutType: z.string(), recipients: z.number().int() })),
    }),
  },
  /** Reconcile (docs/reconcile.md): joins every payout the API lists against the lifecycles; one run at a time. */
  'reconcile.start': { input: z.object({ since: z.string().max(100).nullable().optional() }), output: ReconcileRunSummary },
  'reconcile.cancel': { input: z.object({ runId: z.string().max(100) }), output: ReconcileRunSummary },
  /** The run under way, the runs kept (newest first, their summaries) and the schedule. */
  'reconcile.list': {
    input: Empty,
    output: z.object({ current: ReconcileRunSummary.nullable(), runs: z.array(ReconcileRunSummary), schedule: ReconcileSchedule }),
  },
  /** A kept run with its rows; without runId, the newest finished one. */
  'reconcile.get': { input: z.object({ runId: z.string().max(100).optional() }), output: ReconcileRun },
  'reconcile.setSchedule': { input: ReconcileSchedule, output: ReconcileSchedule },
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

/** Server-sent events, each a JSON payload under its name. */
export const events = {
  /**
   * New deliveries were stored; latestId is the newest id, and `stored` what the store keeps as of that commit
   * (the status's deliveryCount and retention.kept), so that the top bar moves with the list.
   */
  'deliveries.changed': z.object({ latestId: z.number().int(), stored: z.object({ deliveries: z.number().int(), bytes: z.number().int() }) }),
  /** Verdicts were recomputed (secret set or cleared): lists should reload. */
  'deliveries.reanalyzed': z.object({ count: z.number().int() }),
  'status.changed': CoreStatus,
  /** The simulator's events or attempts changed (coalesced): its panel should reload. */
  'simulator.changed': z.object({}),
  /** A fetch-all advanced a page, finished, stopped on an error or was canceled. */
  'api.fetchAll': FetchAllJob,
  /** A delivery was forwarded or replayed: its detail should reload its replays. */
  'replays.changed': z.object({ deliveryId: z.number().int() }),
  'transfer.progress': TransferProgress,
  /** A handler check run changed: `result` is a case just graded (or graded again); null when it finished, was kept or dropped. */
  'check.changed': z.object({ runId: z.string(), result: CheckCaseResult.nullable(), summary: CheckRunSummary }),
  /** A reconcile run read a page, finished, failed or was canceled. */
  'reconcile.changed': ReconcileRunSummary,
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
