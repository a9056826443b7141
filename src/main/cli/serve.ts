import { readFileSync } from 'node:fs';
import { humanLogger, jsonLogger } from '../core/logger';
import { startCore } from '../core/start-core';
import { defaultDataDir } from './default-data-dir';
import { builtRendererDir } from './renderer-dir';
import { parsePort, closeOnSignal, parseCommandLine, parseCount, parseSize, storeUrlFrom } from '@webhook-inspector/command-line';
import { serveDefinition } from './serve-definition';
import { askedPort, portInUse } from './port-in-use';
import { signingSecretLine } from './signing-secret-line';
import { storeVariable } from './store-url';

export async function serve(args: string[]): Promise<void> {
  const { values } = parseCommandLine(serveDefinition, args);
  if (values.secret !== undefined && values['secret-file'] !== undefined) {
    throw new Error('give --secret or --secret-file, not both');
  }
  const secret = values['secret-file'] !== undefined ? readFileSync(values['secret-file'], 'utf8').trim() : values.secret;
  const relayToken = values['relay-token'] ?? process.env.WEBHOOK_INSPECTOR_RELAY_TOKEN;
  if (values.relay !== undefined && !relayToken) throw new Error('give the channel token with --relay-token (or WEBHOOK_INSPECTOR_RELAY_TOKEN)');
  const store = storeUrlFrom(values, storeVariable);
  const keepDays = values['keep-days'] === undefined ? null : parseCount(values['keep-days'], '--keep-days');
  const keepBytes = values['keep-size'] === undefined ? null : parseSize(values['keep-size'], '--keep-size');
  if (keepBytes === 0) throw new Error('--keep-size must be more than 0');
  if (values.team && store === undefined) {
    throw new Error(`--team needs --store postgresql://… (or --store-file FILE, or ${storeVariable}): the team's users and deliveries live there`);
  }
  if (values['no-simulator'] && values['simulator-port'] !== undefined) throw new Error('--simulator-port is for the embedded simulator, which --no-simulator turns off');
  if (!values.team && (values['ui-host'] !== undefined || values['allowed-origin'] !== undefined)) {
    throw new Error('--ui-host and --allowed-origin are for a team server (--team): the per-start token is for this machine only');
  }
  const core = await startCore({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    store,
    host: values.host,
    httpsPort: values.port === undefined ? undefined : parsePort(values.port, '--port'),
    httpPort: values['http-port'] === undefined ? undefined : parsePort(values['http-port'], '--http-port'),
    uiPort: values['ui-port'] === undefined ? 0 : parsePort(values['ui-port'], '--ui-port'),
    allowTargets: values['allow-target'],
    team: values.team ? { uiHost: values['ui-host'], publicOrigins: values['allowed-origin'] } : undefined,
    secret,
    simulator: values['no-simulator'] ? false : { port: values['simulator-port'] === undefined ? undefined : parsePort(values['simulator-port'], '--simulator-port') },
    relay:
      values.relay === undefined || !relayToken
        ? undefined
        : { url: values.relay, token: relayToken, fingerprint: values['relay-fingerprint'] ?? null },
    retention: keepDays === null && keepBytes === null ? undefined : { keepDays, keepBytes },
    rendererDir: builtRendererDir(),
    // A team server is run by an operator: pino's JSON on stderr, for the journal. Else a person reads the lines.
    logger: values.team ? jsonLogger() : humanLogger((line) => console.error(line)),
  }).catch((error: unknown) => {
    throw portInUse(error, [
      { asked: askedPort(values.port), flag: '--port', what: 'the HTTPS receiver' },
      { asked: askedPort(values['http-port']), flag: '--http-port', what: 'the plain-HTTP receiver' },
      { asked: askedPort(values['ui-port']), flag: '--ui-port', what: 'the UI' },
      { asked: askedPort(values['simulator-port']), flag: '--simulator-port', what: "the embedded simulator's API" },
    ]);
  });
  // Before the lines a caller waits on: a SIGTERM sent as soon as they appear must close cleanly, not kill.
  closeOnSignal(core);
  console.log(`Receiver (HTTPS): ${core.urls.receiverHttps}`);
  if (core.urls.receiverHttp) console.log(`Receiver (HTTP):  ${core.urls.receiverHttp}`);
  console.log(`Certificate SHA-256: ${core.certificateFingerprint}`);
  console.log(`Signing secret: ${signingSecretLine(core.signingSecret(), core.urls.simulatorApi !== null)}`);
  if (core.urls.simulatorApi) {
    console.log(`Simulator API: ${core.urls.simulatorApi}`);
    console.log("Simulator credentials: its API token and signing secret are in the UI's Simulator view");
  }
  if (values.relay !== undefined) console.log(`Pulling from relay: ${values.relay}`);
  if (values.team) {
    console.log(`UI listens on: ${core.urls.uiListening}`);
    console.log('Team: each user opens the UI with their own token (serve user create NAME)');
  }
  // Last: whoever waits for the UI line has read the others.
  console.log(`UI: ${core.urls.ui}`);
}
