import { randomBytes } from 'node:crypto';
import { closeOnSignal, parseCommandLine, parsePort } from '@webhook-inspector/command-line';
import { normalizeFingerprint, sendAttempt, unrestrictedEgress } from '@webhook-inspector/http-attempt';
import { attemptPrinter } from './attempt-lines';
import { certificateRemedy } from './certificate-remedy';
import type { WebhookSender } from './dispatcher/webhook-sender';
import { SimAccount } from './model';
import { simulateDefinition } from './simulate-definition';
import { startSimulator, type Simulator } from './simulator';
import { defaultSimulatorSeed } from './simulator-defaults';

export interface SimulateOptions {
  port: number;
  token: string;
  /** True when no --token was given and one was generated (so it is safe to print). */
  tokenGenerated: boolean;
  seed: number;
  /** For the dispatcher: a positive time scale, 1 = real timings; undefined = its default. */
  timeScale: number | undefined;
  /** Print the start and each attempt as JSON lines. */
  json: boolean;
  /** Accept http:// callback URLs. */
  allowHttp: boolean;
  /** A handler's self-signed certificate to trust, by its SHA-256 fingerprint. */
  trustFingerprint: string | null;
  /** Accept any handler's certificate. */
  insecure: boolean;
}

function parseSeed(text: string): number {
  const seed = Number(text);
  if (!/^\d+$/.test(text) || seed > 0xffff_ffff) throw new Error(`--seed must be an integer in 0..4294967295, not "${text}"`);
  return seed;
}

function parseTimeScale(text: string): number {
  const scale = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(scale > 0) || !Number.isFinite(scale)) {
    throw new Error(`--time-scale must be a positive number (1 = real timings), not "${text}"`);
  }
  return scale;
}

function parseFingerprint(text: string): string {
  if (!/^([0-9a-f]{2}:?){31}[0-9a-f]{2}$/i.test(text)) throw new Error(`--trust-fingerprint must be a SHA-256 fingerprint (64 hex digits, colons optional), not "${text}"`);
  return normalizeFingerprint(text);
}

export function parseSimulateArgs(args: string[]): SimulateOptions {
  const { values } = parseCommandLine(simulateDefinition, args);
  if (values.token !== undefined && values.token.trim() === '') throw new Error('--token must not be empty');
  if (values.insecure && values['trust-fingerprint'] !== undefined) throw new Error('give --trust-fingerprint or --insecure, not both');
  return {
    port: values.port === undefined ? 0 : parsePort(values.port, '--port'),
    token: values.token ?? randomBytes(24).toString('base64url'),
    tokenGenerated: values.token === undefined,
    seed: values.seed === undefined ? defaultSimulatorSeed : parseSeed(values.seed),
    timeScale: values['time-scale'] === undefined ? undefined : parseTimeScale(values['time-scale']),
    json: values.json,
    allowHttp: values['allow-http'],
    trustFingerprint: values['trust-fingerprint'] === undefined ? null : parseFingerprint(values['trust-fingerprint']),
    insecure: values.insecure,
  };
}

/**
 * The program's sender: to any address the callback URL names (it has no egress policy), accepting any certificate
 * with --insecure; a refused certificate's error says how to trust it.
 */
function programSender(insecure: boolean): WebhookSender {
  return async (request) => {
    const outcome = await sendAttempt({ ...request, acceptAnyCertificate: insecure, egress: unrestrictedEgress });
    if (outcome.kind !== 'error' || outcome.errorKind !== 'certificate') return outcome;
    return { ...outcome, error: `${outcome.error} ${certificateRemedy(outcome.errorCode, outcome.error)}` };
  };
}

/** The standalone simulator: the API, and the dispatcher sending each created order's webhooks to its callback_url. */
export function startStandaloneSimulator(options: SimulateOptions): Promise<Simulator> {
  return startSimulator({
    port: options.port,
    account: new SimAccount(options.token),
    seed: options.seed,
    timeScale: options.timeScale,
    allowPlainHttp: options.allowHttp,
    trustedFingerprint: options.trustFingerprint,
    send: programSender(options.insecure),
    onAttempt: attemptPrinter(options.json),
    log: (line) => console.error(line),
  });
}

export async function simulate(args: string[]): Promise<void> {
  const options = parseSimulateArgs(args);
  const simulator = await startStandaloneSimulator(options);
  // Armed before the lines a caller waits for: a signal sent as soon as they show closes it.
  closeOnSignal(simulator);
  const token = options.tokenGenerated ? options.token : null;
  if (options.json) console.log(JSON.stringify({ type: 'started', api_url: simulator.apiUrl, api_token: token, seed: options.seed }));
  else {
    console.log(`Simulator API: ${simulator.apiUrl}`);
    console.log(`API token: ${token ?? '(as given with --token)'}`);
    console.log(`Seed: ${options.seed}`);
  }
}
