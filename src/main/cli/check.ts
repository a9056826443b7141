import { writeFileSync } from 'node:fs';
import { handlerCheckBattery } from '../core/handler-check/battery';
import { defaultLargeBodyBytes } from '../core/handler-check/large-body';
import { junitReport } from '../core/handler-check/junit-report';
import { runHandlerCheck, type CaseResult, type CheckRun } from '../core/handler-check/run-check';
import { checkRunJson } from '../core/handler-check/run-json';
import { selectCases } from '../core/handler-check/select-cases';
import { storedDeliveryCases } from '../core/handler-check/stored-cases';
import { personalEgress } from '../core/outbound/egress-policy';
import { defaultSenderLimits, sendReplay } from '../core/replay/send-replay';
import { withStoreAt } from '../core/store';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { checkDefinition } from './check-definition';
import { signingSecretFrom } from './signing-secret-options';
import { storeLocationFrom } from './store-output';

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
