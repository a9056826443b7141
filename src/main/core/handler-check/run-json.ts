import { isUtf8 } from 'node:buffer';
import type { CheckRun } from './run-check';

/** A body as text when it is UTF-8, else base64. */
const bodyField = (bytes: Buffer) => (isUtf8(bytes) ? { body: bytes.toString('utf8') } : { bodyBase64: bytes.toString('base64') });

/** A run as plain JSON: every case with each request and the answer it got. */
export function checkRunJson(run: CheckRun) {
  return {
    ...run,
    results: run.results.map((result) => ({
      ...result,
      exchanges: result.exchanges.map((exchange) => ({
        label: exchange.label,
        request: { headers: exchange.request.headers, ...bodyField(exchange.request.body) },
        response: exchange.sent.response && {
          status: exchange.sent.response.status,
          headers: exchange.sent.response.headers,
          ...bodyField(exchange.sent.response.body),
          bodyTruncated: exchange.sent.response.bodyTruncated,
        },
        error: exchange.sent.error,
        durationMs: exchange.sent.durationMs,
      })),
    })),
  };
}
