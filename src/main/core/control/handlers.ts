import type { CallHandlers, CoreStatus } from '../../../shared/contract';
import type { ResponsePolicy } from '../../../shared/policy';
import type { ResponsePolicyState } from '@webhook-inspector/capture';
import { compareCalls } from '../compare/calls';
import { deliveryCalls } from '../deliveries/calls';
import { duplicateCalls } from '../derived-views/duplicates-calls';
import { lifecycleCalls } from '../derived-views/lifecycles-calls';
import { exportCalls } from '../export/calls';
import type { TransferDeps } from '../export/transfer-deps';
import { checkCalls } from '../handler-check/calls';
import type { CheckRuns } from '../handler-check/check-runs';
import { importCalls } from '../import/calls';
import type { createEgress } from '../outbound/egress-settings';
import type { ReceiverPorts } from '../receiver/receivers';
import { reconcileCalls, type ReconcileService } from '../reconcile/reconcile-service';
import type { createReplays } from '../replay/create-replays';
import type { Retention } from '../retention';
import { searchCalls } from '../search/calls';
import type { DeliverySearchJobs } from '../search/delivery-search-jobs';
import type { ServiceApiSession } from '../service-api';
import { serviceApiCalls } from '../service-api/calls';
import type { ServiceConnectionManager } from '../service-connection';
import { settingsCalls } from '../settings/calls';
import type { SigningSecret } from '../signing-secret';
import { simulatorCalls } from '../simulator/calls';
import { sourceCalls } from '../sources/calls';
import type { SourceManager } from '../sources/source-manager';
import { statusCalls } from '../status/calls';
import type { InspectorStore } from '../store/inspector-store';
import { teamCalls, type TeamRecords } from '../team/calls';

/** The running core's domains, as startCore() made them: what their handler maps are made of. */
export interface HandlerDeps {
  /** Its duplicate groups and lifecycle summaries are brought up to the stored deliveries before they are read. */
  store: InspectorStore;
  status: () => CoreStatus;
  publishStatus: () => void;
  secret: SigningSecret;
  policy: ResponsePolicyState<ResponsePolicy>;
  /** Re-analyses the stored deliveries with the secret in force; resolves to how many. */
  reverify: () => Promise<number>;
  setPorts: (ports: ReceiverPorts) => Promise<void>;
  service: ServiceConnectionManager;
  api: ServiceApiSession;
  retention: Retention;
  /** The relay source: sources.* */
  sources: SourceManager;
  /** deliveries.search.* */
  searches: DeliverySearchJobs;
  /** export.* and import.path */
  transfers: TransferDeps;
  /** replay.* and forward.* */
  replays: ReturnType<typeof createReplays>['calls'];
  /** egress.* */
  egress: ReturnType<typeof createEgress>['calls'];
  /** The handler check: check.* */
  checks: CheckRuns;
  /** reconcile.* */
  reconcile: ReconcileService;
  /** A team server's audit log and users (audit.*, users.*); null on a personal inspector. */
  team: TeamRecords | null;
}

/** Every call of the contract: each domain's handler map (its calls.ts), in the contract's order, a line each. */
export function createHandlers(deps: HandlerDeps) {
  return {
    ...statusCalls(deps.status),
    ...teamCalls(deps.team),
    ...deliveryCalls(deps.store),
    ...searchCalls(deps.searches),
    ...compareCalls(deps.store),
    ...settingsCalls(deps),
    ...sourceCalls(deps.sources, deps.status),
    ...duplicateCalls(deps.store),
    ...lifecycleCalls(deps.store),
    ...serviceApiCalls({ ...deps, settings: deps.store.settings }),
    ...deps.replays,
    ...deps.egress,
    ...exportCalls(deps.transfers),
    ...importCalls(deps.transfers),
    ...checkCalls(deps.checks),
    ...simulatorCalls({ ...deps, settings: deps.store.settings }),
    ...reconcileCalls(deps.reconcile),
  } satisfies CallHandlers;
}
