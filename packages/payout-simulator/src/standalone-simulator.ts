import { randomBytes } from 'node:crypto';
import { closeOnSignal, parseCommandLine, parsePort } from '@webhook-inspector/command-line';
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

export function parseSimulateArgs(args: string[]): SimulateOptions {
  const { values } = parseCommandLine(simulateDefinition, args);
  if (values.token !== undefined && values.token.trim() === '') throw new Error('--token must not be empty');
  return {
    port: values.port === undefined ? 0 : parsePort(values.port, '--port'),
    token: values.token ?? randomBytes(24).toString('base64url'),
    tokenGenerated: values.token === undefined,
    seed: values.seed === undefined ? defaultSimulatorSeed : parseSeed(values.seed),
    timeScale: values['time-scale'] === undefined ? undefined : parseTimeScale(values['time-scale']),
  };
}

/** The standalone simulator: the API, and the dispatcher sending each created order's webhooks to its callback_url. */
export function startStandaloneSimulator(options: SimulateOptions): Promise<Simulator> {
  return startSimulator({
    port: options.port,
    account: new SimAccount(options.token),
    seed: options.seed,
    timeScale: options.timeScale,
    log: (line) => console.error(line),
  });
}

export async function simulate(args: string[]): Promise<void> {
  const options = parseSimulateArgs(args);
  const simulator = await startStandaloneSimulator(options);
  console.log(`Simulator API: ${simulator.apiUrl}`);
  console.log(`API token: ${options.tokenGenerated ? options.token : '(as given with --token)'}`);
  console.log(`Seed: ${options.seed}`);

  closeOnSignal(simulator);
}
