import { writeFileSync } from 'node:fs';
import { handlerCheckBattery, defaultLargeBodyBytes } from '../core/handler-check/battery';
import { junitReport } from '../core/handler-check/junit-report';
import { runHandlerCheck, type CaseResult, type CheckRun } from '../core/handler-check/run-check';
import { checkRunJson } from '../core/handler-check/run-json';
import { selectCases } from '../core/handler-check/select-cases';
import { storedDeliveryCases } from '../core/handler-check/stored-cases';
import { personalEgress } from '../core/outbound/egress-policy';
import { defaultSenderLimits, sendReplay } from '../core/replay/send-replay';
import { withStoreAt } from '../core/store';
import { defineCommand, parseCommandLine } from '@webhook-inspector/command-line';
import { signingSecretFrom, signingSecretOptions } from './signing-secret-options';
import { storeLocationFrom } from './store-output';
import { storeUrlOptions } from './store-url';

export const checkDefinition = defineCommand({
  name: 'check',
  synopsis: ['URL [--secret S | --secret-file FILE] [--junit FILE] [--json FILE] [--only CASES] [--insecure] [--deliveries IDS [--data-dir DIR | --store URL]]'],
  summary: "Send your webhook handler the service's traffic, forgeries and awkward cases, and grade its answers against the spec.",
  positionals: [{ name: 'URL', help: 'Your handler: the URL the service would call (http or https).' }],
  options: {
    ...signingSecretOptions('The signing secret your handler verifies with (required): the cases are signed with it, the forgeries not.'),
    junit: { type: 'string', value: 'FILE', help: 'Also write the results as JUnit XML, for a CI system to show.', example: 'handler-check.xml' },
    json: { type: 'string', value: 'FILE', help: 'Also write the whole run as JSON: every request and answer.', example: 'handler-check.json' },
    only: { type: 'string', value: 'CASES', help: 'Run only these cases: ids or categories, comma-separated.', default: 'every case', example: 'rejects-forgeries,at-least-once/two-copies-at-once' },
    insecure: { type: 'boolean', help: 'Accept the handler\'s self-signed certificate (https).' },
    timeout: { type: 'string', value: 'SECONDS', help: "How long an answer may take: the service's read timeout.", default: '10', example: '10' },
    'large-body': { type: 'string', value: 'KIB', help: 'The size of the large-body case.', default: String(defaultLargeBodyBytes / 1024), example: '900' },
    deliveries: {
      type: 'string',
      value: 'IDS',
      help: "Also send these stored deliveries (the service's own), each signed again with the secret; they must be answered 2xx.",
      example: '12,15',
    },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'The data dir whose store --deliveries reads.',
      default: "the desktop app's user-data dir (~/.config/webhook-inspector on Linux)",
      example: './inspector-data',
    },
    ...storeUrlOptions,
  },
});

const mark: Record<CaseResult['verdict'], string> = { pass: 'pass', fail: 'FAIL', 'security-failure': 'SECURITY' };

function positiveNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0)) throw new Error(`${flag} must be a positive number, not "${text}"`);
  return value;
}

function deliveryIds(text: string): number[] {
  const ids = text.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^[1-9]\d*$/.test(id))) throw new Error(`--deliveries must be delivery ids separated by commas, not "${text}"`);
  return ids.map(Number);
}

function targetUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`"${text}" is not an http or https URL`);
  return url;
}

/** The table printed at the end: security failures, then failures, then passes (the run's order). */
function table(run: CheckRun): string {
  const rows = run.results.map((r) => [mark[r.verdict], r.id, `spec ${r.specSections.join(', ')}`, `${r.durationMs} ms`, r.verdict === 'pass' ? '' : r.reason]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ').trimEnd()).join('\n');
}

/** `check`: runs the handler check against URL, prints progress and a table; exits 1 on any failure. */
export async function checkCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(checkDefinition, args);
  const url = targetUrl(positionals[0]!);
  const secret = signingSecretFrom(values);
  if (!secret) throw new Error('give --secret or --secret-file: the signing secret your handler verifies with');
  const readTimeoutMs = positiveNumber(values.timeout ?? '10', '--timeout') * 1000;
  const largeBodyBytes = Math.round(positiveNumber(values['large-body'] ?? String(defaultLargeBodyBytes / 1024), '--large-body') * 1024);
  const only = (values.only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const stored = values.deliveries === undefined ? [] : await withStoreAt(storeLocationFrom(values), (store) => storedDeliveryCases(store, deliveryIds(values.deliveries!), secret));
  const cases = [...selectCases(handlerCheckBattery({ secret, largeBodyBytes }), only), ...stored];
  const limits = { ...defaultSenderLimits, readTimeoutMs };
  const signal = new AbortController().signal;
  console.error(`Checking ${url.href} with ${cases.length} cases…`);
  const run = await runHandlerCheck(
    { url, allowSelfSigned: values.insecure, egress: personalEgress(), readTimeoutMs, send: (out) => sendReplay(out, limits, signal) },
    cases,
    (result, index) => console.error(`[${index + 1}/${cases.length}] ${mark[result.verdict].padEnd(8)} ${result.id} (${result.durationMs} ms)`),
  );
  console.log(table(run));
  const { counts, latency } = run;
  const timing =
    latency.count === 0
      ? ''
      : ` Answer time over real traffic: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, slowest ${latency.maxMs} ms` +
        (latency.slow > 0 ? `; ${latency.slow} answers took over ${latency.slowMs} ms: acknowledge quickly, then do the work (spec 6.5)` : '.');
  console.log(`\n${counts.pass} passed, ${counts.fail} failed, ${counts['security-failure']} security failures.${timing}`);
  if (values.junit) writeFileSync(values.junit, junitReport(run));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(checkRunJson(run), null, 2)}\n`);
  if (counts.fail + counts['security-failure'] > 0) process.exitCode = 1;
}
