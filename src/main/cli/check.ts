import { writeFileSync } from 'node:fs';
import { handlerCheckBattery } from '../core/handler-check/battery';
import { defaultLargeBodyBytes } from '../core/handler-check/large-body';
import { junitReport } from '../core/handler-check/junit-report';
import type { RootCause } from '../core/handler-check/root-causes';
import { runHandlerCheck, type CaseResult, type CheckRun } from '../core/handler-check/run-check';
import { checkRunJson } from '../core/handler-check/run-json';
import { selectCases } from '../core/handler-check/select-cases';
import { storedDeliveryCases } from '../core/handler-check/stored-cases';
import { HandlerUnreachable } from '../core/handler-check/unreachable';
import { certificateRemedy } from '../core/replay/certificate-remedy';
import { personalEgress } from '../core/outbound/egress-policy';
import { defaultSenderLimits, sendReplay } from '../core/replay/send-replay';
import { withStoreAt } from '../core/store';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { checkDefinition } from './check-definition';
import { runProgress } from './progress-line';
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The root causes' numbers, in the order printed. */
const causeNumbers = (causes: readonly RootCause[]) => new Map(causes.map((cause, i) => [cause.id, i + 1]));

/**
 * The table printed at the end: security failures, then failures, then passes (the run's order). A failure's row
 * says what came back and, on the line below, what to change: its fix, or the root cause it comes from.
 */
function table(results: readonly CaseResult[], causes: readonly RootCause[]): string {
  const rows = results.map((r) => [mark[r.verdict], r.id, `spec ${r.specSections.join(', ')}`, `${r.durationMs} ms`, r.verdict === 'pass' ? '' : r.reason]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  const numbers = causeNumbers(causes);
  const indent = ' '.repeat(widths[0]! + 2);
  return rows
    .map((row, i) => {
      const line = row.map((cell, column) => (column < 4 ? cell.padEnd(widths[column]!) : cell)).join('  ').trimEnd();
      const result = results[i]!;
      if (result.verdict === 'pass') return line;
      const cause = result.cause === null ? undefined : causes.find((c) => c.id === result.cause);
      const next = cause ? `→ root cause ${numbers.get(cause.id)}: ${cause.title} (below)` : `fix: ${result.fix ?? 'see the answer above'}`;
      return `${line}\n${indent}${next}`;
    })
    .join('\n');
}

/** One line per root cause: the mistake, the cases it explains, the fix. */
function causeLines(causes: readonly RootCause[]): string {
  return causes.map((cause, i) => `Root cause ${i + 1} (${plural(cause.caseIds.length, 'case')}): ${cause.mistake}. Fix: ${cause.fix}.`).join('\n');
}

/** The message of a handler not reached, with this command's flag for a certificate refused. */
function unreachableText(error: HandlerUnreachable): string {
  if (error.kind !== 'certificate') return error.message;
  const hint = "To check it anyway, give --insecure (first compare that fingerprint with your certificate's: openssl x509 -noout -fingerprint -sha256 -in cert.pem).";
  return error.message.includes(certificateRemedy.check) ? error.message.replace(certificateRemedy.check, hint) : `${error.message} ${hint}`;
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
  const progress = runProgress(`Checking ${url.href}`, cases.length);
  let failed = 0;
  let run: CheckRun;
  try {
    run = await runHandlerCheck(
      { url, allowSelfSigned: values.insecure, egress: personalEgress(), readTimeoutMs, send: (out) => sendReplay(out, limits, signal) },
      cases,
      (result, index) => progress.update(index + 1, (failed += result.verdict === 'pass' ? 0 : 1)),
    );
  } catch (error) {
    progress.end();
    if (!(error instanceof HandlerUnreachable)) throw error;
    // One message, no case passed or failed on a connection never made; the cases graded before it, once.
    if (error.graded.length > 0) console.log(`${table(error.graded, [])}\n`);
    console.error(`webhook-inspector check: ${unreachableText(error)}`);
    process.exitCode = 2;
    return;
  }
  progress.end();
  console.log(table(run.results, run.causes));
  if (run.causes.length > 0) console.log(`\n${causeLines(run.causes)}`);
  const { counts, latency } = run;
  const timing =
    latency.count === 0
      ? ''
      : ` Answer time over real traffic: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, slowest ${latency.maxMs} ms` +
        (latency.slow > 0 ? `; ${plural(latency.slow, 'answer')} took over ${latency.slowMs} ms: acknowledge quickly, then do the work (spec 6.5)` : '.');
  console.log(`\n${counts.pass} passed, ${counts.fail} failed, ${plural(counts['security-failure'], 'security failure')}.${timing}`);
  if (values.junit) writeFileSync(values.junit, junitReport(run));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(checkRunJson(run), null, 2)}\n`);
  if (counts.fail + counts['security-failure'] > 0) process.exitCode = 1;
}
