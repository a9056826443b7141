import { create } from 'xmlbuilder2';
import { categoryTitles, checkCategories } from './check-case';
import type { CaseResult, CheckExchange, CheckRun } from './run-check';

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function exchangeLine(exchange: CheckExchange): string {
  const answer = exchange.sent.response ? `${exchange.sent.response.status}` : (exchange.sent.error ?? 'no answer');
  return `${exchange.label ? `${exchange.label}: ` : ''}POST ${exchange.request.body.byteLength} bytes -> ${answer} in ${exchange.sent.durationMs} ms`;
}

/** A run as JUnit XML (testsuites > testsuite per category > testcase per case), as CI systems read it. */
export function junitReport(run: CheckRun): string {
  const failures = (results: CaseResult[]) => results.filter((r) => r.verdict !== 'pass').length;
  const time = (results: CaseResult[]) => seconds(results.reduce((sum, r) => sum + r.durationMs, 0));
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' }).ele('testsuites', {
    name: `handler check of ${run.target}`,
    tests: run.results.length,
    failures: failures(run.results),
    errors: 0,
    time: time(run.results),
    timestamp: run.startedAt,
  });
  for (const category of checkCategories) {
    const results = run.results.filter((r) => r.category === category);
    if (results.length === 0) continue;
    const suite = root.ele('testsuite', { name: categoryTitles[category], tests: results.length, failures: failures(results), errors: 0, skipped: 0, time: time(results), timestamp: run.startedAt });
    for (const result of results) {
      const testcase = suite.ele('testcase', { classname: `handler-check.${category}`, name: `${result.title} (spec ${result.specSections.join(', ')})`, time: seconds(result.durationMs) });
      if (result.verdict !== 'pass') testcase.ele('failure', { type: result.verdict, message: result.reason }).txt(`${result.id}\n${result.reason}`);
      testcase.ele('system-out').txt(result.exchanges.map(exchangeLine).join('\n'));
    }
  }
  return root.end({ prettyPrint: true });
}
