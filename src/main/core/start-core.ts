import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { CoreStatus } from '../../shared/contract';
import type { TransferProgress } from '../../shared/fixtures';
import { ResponsePolicy, defaultResponsePolicy } from '../../shared/policy';
import { signatureOnTheSpot } from './analysis/analyze-delivery';
import { createHandlers } from './control/handlers';
import { EventStream } from './control/event-stream';
import { createControlServer } from './control/server';
import { defaultUploadLimitBytes, transferRoutes } from './control/transfer-routes';
import { auditTransfer } from './team/audit-transfer';
import { controlAccess } from './control/control-access';
import { hostWithPort } from './control/guard';
import type { Core, CoreOptions, ReceiverTimeouts } from './core-options';
import { Receivers } from './receiver/receivers';
import { ResponsePolicyState, closeServer, listen } from '@webhook-inspector/capture';
import { loadOrCreateCertificate } from './receiver/tls';
import { createEgress } from './outbound/egress-settings';
import { createReplays } from './replay/create-replays';
import { CheckRuns, changeShownTo } from './handler-check/check-runs';
import { DeliverySearchJobs } from './search/delivery-search-jobs';
import { ServiceApiSession, defaultRequestsPerSecond } from './service-api';
import { ServiceConnectionManager } from './service-connection';
import { SigningSecret, fileSecretStore } from './signing-secret';
import type { DeliveryRecord } from './delivery-record/delivery-record';
import type { InspectorStore } from './store/inspector-store';
import { describeLocation, openStore, type StoreLocation } from './store';
import { StoreHealth } from './store-health';
import { SourceManager } from './sources/source-manager';
import { Retention } from './retention';
import { statusShownTo } from './status/status-shown-to';
import { defaultBodyLimitBytes } from './receiver/body-limit';
import { DeliveryFeed } from './delivery-feed';
import { silentLogger, type Logger } from './logger';
import { RuntimeLog } from './reconcile/runtime-log';
import { Reanalysis } from './reanalysis';
import { portChanger, startingPorts } from './settings/receiver-ports';
import { coalesced } from './simulator/coalesced';
import { ReconcileService } from './reconcile/reconcile-service';

export const version = '0.1.0';
const defaultTimeouts: ReceiverTimeouts = { headersMs: 10_000, requestMs: 30_000, handshakeMs: 10_000, keepAliveMs: 5_000 };

/** The only composition root: store, receiver, control server. Every path, port and secret comes in here. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const logger = options.logger ?? silentLogger;
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const location: StoreLocation = { dataDir: options.dataDir, url: options.store };
  const store = await openStore(location, {
    role: 'receiver',
    nativeBinding: options.nativeBinding,
    writerThreadFile: options.writerThreadFile,
    postgresWriterFile: options.postgresWriterFile,
    log: logger,
  });
  try {
    return await assemble(options, store, describeLocation(location, 'file'), logger);
  } catch (error) {
    await store.close();
    throw error;
  }
}

async function assemble(options: CoreOptions, store: InspectorStore, storeLocation: string, logger: Logger) {
  const { settings } = store;
  const runtime = new RuntimeLog(store.reconcile, logger);
  const certificate = await loadOrCreateCertificate(options.dataDir);
  const events = new EventStream();
  const secret = new SigningSecret(options.secretStore ?? fileSecretStore(options.dataDir, 'signing-secret'), options.secret);
  const policy = new ResponsePolicyState(
    { ...(settings.read('responsePolicy', ResponsePolicy) ?? defaultResponsePolicy), failNext: 0 },
    (p) => {
      settings.write('responsePolicy', { ...p, failNext: 0 });
      statusChanged();
    },
  );
  store.onCommitted((latestId) => {
    const { deliveries, bytes } = store.retention.counts();
    events.publish('deliveries.changed', { latestId, stored: { deliveries, bytes } });
  });
  // Rows a crash left underived (or a rebuild left pending) are derived in the background.
  store.derived.schedule();
  const storeHealth = new StoreHealth();
  const bodyLimitBytes = options.bodyLimitBytes ?? defaultBodyLimitBytes;
  const egress = createEgress({
    settings,
    restricted: options.team !== undefined,
    commandLine: options.allowTargets ?? [],
    resolve: options.resolveHost,
    logger,
  });
  const replays = createReplays({
    store,
    egress: egress.policy,
    limits: options.replayLimits,
    receiverPorts: () => receivers.ports,
    publish: (deliveryId) => events.publish('replays.changed', { deliveryId }),
    forward: options.forward,
    secret: () => secret.current,
    team: options.team !== undefined,
    logger,
  });
  const feed = new DeliveryFeed({ store, subscribe: (listener) => events.subscribe(listener), log: logger });
  const checks = new CheckRuns({
    settings,
    store,
    secret: () => secret.current,
    team: options.team !== undefined,
    target: () => ({ egress: egress.policy, readTimeoutMs: replays.limits.readTimeoutMs, send: (out) => replays.send(out) }),
    checkEgress: async (url) => void (await egress.policy.check(url)),
    bodyCapBytes: replays.limits.responseBodyCapBytes,
    publish: (change) => events.publishEach('check.changed', (caller) => changeShownTo(change, caller)),
    logger,
  });
  const receivers = new Receivers(
    {
      store: (record) => feed.stored(record.raw, storeHealth.watch(store.storeDelivery(record))),
      forward: (raw) => feed.forwardBegun(raw, replays.forward(raw)),
      secret: () => secret.current,
      checkSignature: signatureOnTheSpot,
      policy,
      bodyLimitBytes,
      timeouts: { ...defaultTimeouts, ...options.timeouts },
      log: (line) => logger.warn(line),
    },
    certificate,
    options.host ?? '127.0.0.1',
  );
  const sources = new SourceManager({
    inspectorStore: store,
    settings,
    tokenStore: options.relayTokenStore ?? fileSecretStore(options.dataDir, 'relay-token'),
    commandLine: options.relay,
    egress: egress.policy,
    secret: () => secret.current,
    store: async (records) => {
      const ids = await Promise.all(records.map((r) => storeHealth.watch(store.storeDelivery(r))));
      // Forwarded as the receiver's own are, once stored: what the relay accepted (answered 2xx).
      records.forEach((record, i) => {
        const forward = record.response.status < 300 ? replays.forward(record.raw) : null;
        forward?.stored(ids[i]!);
        feed.relayed(ids[i]!, forward !== null);
      });
    },
    onChange: () => {
      runtime.relayHealth(sources.health);
      statusChanged();
    },
    log: logger,
  });
  const retention = new Retention({
    store,
    settings,
    commandLine: options.retention,
    onChange: () => statusChanged(),
    log: logger,
  });
  await receivers.start(startingPorts(options, settings));
  runtime.begin('receiver', { ...receivers.urls });
  await replays.checkRunForward().catch(async (error: Error) => {
    await Promise.all([receivers.stop(), replays.close()]);
    throw error;
  });

  const api = new ServiceApiSession(
    () => service.apiAccess(),
    (job) => events.publish('api.fetchAll', job),
    options.serviceApi,
  );
  const service = new ServiceConnectionManager({
    dataDir: options.dataDir,
    settings,
    secret,
    apiTokenStore: options.apiTokenStore ?? fileSecretStore(options.dataDir, 'api-token'),
    receiverFingerprint: certificate.fingerprint,
    receiverUrl: () => receivers.urls.https,
    egress: egress.policy,
    receiverPorts: () => receivers.ports,
    simulator: options.simulator ?? {},
    onSimulatorChanged: coalesced(() => events.publish('simulator.changed', {}), 250),
    onConnectionChanged: () => api.connectionChanged(),
    log: logger,
  });
  await service.start().catch(async (error: Error) => {
    await Promise.all([receivers.stop(), replays.close()]);
    throw error;
  });

  const simulatorNow = () => {
    const state = service.simulatorState();
    return state.running ? { api: state.apiUrl, timeScale: state.timeScale } : null;
  };
  runtime.begin('inspector', { version, pid: process.pid, simulator: simulatorNow() });
  const reconcile = new ReconcileService({
    store,
    settings,
    readPage: (target, page, limit, signal) => api.client.listPage(target, page, limit, signal),
    service: () => ({ baseUrl: service.status().baseUrl, available: service.apiAccess() !== null, simulatorTimeScale: simulatorNow()?.timeScale ?? null }),
    requestsPerSecond: options.serviceApi?.requestsPerSecond ?? defaultRequestsPerSecond,
    publish: (summary) => events.publish('reconcile.changed', summary),
    logger,
  });

  /** `status.changed`, read once, as each stream's caller may see it (statusShownTo). */
  function statusChanged() {
    const now = status();
    events.publishEach('status.changed', (caller) => statusShownTo(now, caller));
  }
  let statusRevision = 0;
  /** A team server's audit retention, once its access is set up below. */
  let auditRetention: () => CoreStatus['auditRetention'] = () => null;
  const status = (): CoreStatus => ({
    revision: ++statusRevision,
    version,
    receivers: receivers.urls,
    ports: receivers.ports,
    certificateFingerprint: certificate.fingerprint,
    secret: secret.status,
    policy: policy.policy,
    dataDir: options.dataDir,
    store: { engine: store.engine, location: storeLocation },
    service: service.status(),
    deliveryCount: store.deliveryCount(),
    bodyLimitBytes,
    storeFailure: storeHealth.current,
    derivedFailure: store.derived.failure(),
    sources: sources.health,
    relay: sources.configured,
    retention: retention.status(),
    team: options.team !== undefined,
    auditRetention: auditRetention(),
  });

  const reanalysis = new Reanalysis({
    store,
    secret: () => secret.current,
    reanalyzed: (count) => {
      events.publish('deliveries.reanalyzed', { count });
      statusChanged();
    },
    log: logger,
  });
  const reverify = () => reanalysis.run();

  const setPorts = portChanger({
    receivers,
    settings,
    // Refused (409) rather than turning forwarding off behind the user's back: they asked for ports, not for that.
    check: (ports) => replays.checkPorts(ports),
    moved: () => {
      runtime.begin('receiver', { ...receivers.urls }, 'restarted on other ports');
      statusChanged();
    },
  });

  const publishStatus = () => statusChanged();
  storeHealth.onChange(publishStatus);
  store.derived.onFailureChange(publishStatus);
  const transferDeps = {
    store,
    dataDir: options.dataDir,
    version,
    team: options.team !== undefined,
    secret: () => secret.current,
    bodyLimitBytes,
    storeDelivery: (record: DeliveryRecord) => store.storeDelivery(record),
    receiverUrls: () => receivers.urls,
    publishProgress: (progress: TransferProgress) => events.publish('transfer.progress', progress),
  };
  const searches = new DeliverySearchJobs(store);
  const access = controlAccess(options, settings);
  if (access.team !== null) {
    const team = access.team;
    auditRetention = () => team.retention.limits;
  }
  access.watchStreams(events);
  const control = createControlServer({
    access: access.access,
    audit: access.team?.audit ?? null,
    refusals: access.team?.refusals ?? null,
    bindAddress: access.bindAddress,
    publicOrigins: access.publicOrigins,
    handlers: createHandlers({
      store, status, secret, policy, reverify, setPorts, service, api, publishStatus, transfers: transferDeps,
      replays: replays.calls, egress: egress.calls, sources, retention, searches, checks, reconcile, team: access.team,
    }),
    transfers: transferRoutes({
      ...transferDeps,
      uploadLimitBytes: options.uploadLimitBytes ?? defaultUploadLimitBytes,
      uploadBudget: options.uploadBudget,
      refusals: access.team?.refusals,
      onTransfer: (record) => {
        options.onTransfer?.(record);
        if (access.team !== null) auditTransfer(access.team.audit, record, logger);
      },
      logger,
    }),
    events,
    rendererDir: options.rendererDir ?? null,
    logger,
  });
  const uiPort = await listen(control.server, options.uiPort ?? 0, access.bindAddress).catch(async (error: Error) => {
    await Promise.all([receivers.stop(), service.stop(), replays.close(), access.close()]);
    throw error;
  });
  control.setPort(uiPort);
  const uiOrigin = access.uiOrigin((control.server.address() as AddressInfo).port);
  logger.info(`core: started with ${store.deliveryCount()} stored deliveries`);
  reanalysis.catchUpWithAnalyzer();

  retention.prune();
  void sources.start().catch((error: Error) => logger.warn(`source: could not start (${error.message})`));

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await sources.stop();
      await feed.close();
      api.close();
      searches.cancelAll();
      await service.stop();
      await reconcile.close();
      runtime.end('receiver', 'stopped');
      await receivers.stop();
      await store.drain();
      storeHealth.stop();
      events.close();
      await closeServer(control.server);
      // The check's run stops at its next case while the sender aborts the one being sent.
      await Promise.all([checks.close(), replays.close()]);
      await reanalysis.settled();
      await retention.close();
      await runtime.close();
      await access.close();
      await store.close();
    })());

  return {
    urls: {
      get receiverHttps() {
        return receivers.urls.https;
      },
      get receiverHttp() {
        return receivers.urls.http;
      },
      get simulatorApi() {
        return service.status().mode === 'simulator' ? service.status().baseUrl : null;
      },
      uiOrigin,
      uiListening: `http://${hostWithPort(access.bindAddress, uiPort)}`,
      ui: access.uiUrl(uiOrigin),
    },
    certificateFingerprint: certificate.fingerprint,
    signingSecret: () => secret.status,
    deliveryFeed: feed,
    close,
  } satisfies Core;
}
