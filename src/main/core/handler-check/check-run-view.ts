import type { CheckCaseResult, CheckExchangeView, CheckRunSummary } from '../../../shared/handler-check';
import type { CaseResult, CheckExchange } from './run-check';

/** A body as the UI and the kept runs hold it: UTF-8 text up to the cap replays keep of an answer. */
function capped(bytes: Buffer, capBytes: number, truncatedAlready = false) {
  return {
    body: bytes.subarray(0, capBytes).toString('utf8'),
    bodySize: bytes.byteLength,
    bodyTruncated: truncatedAlready || bytes.byteLength > capBytes,
  };
}

function exchangeView(exchange: CheckExchange, capBytes: number): CheckExchangeView {
  const { sent } = exchange;
  return {
    label: exchange.label,
    startedAt: sent.startedAt,
    request: { headers: exchange.request.headers, ...capped(exchange.request.body, capBytes) },
    response: sent.response && { status: sent.response.status, headers: sent.response.headers, ...capped(sent.response.body, capBytes, sent.response.bodyTruncated) },
    error: sent.error,
    durationMs: sent.durationMs,
  };
}

/** A graded case as the control calls carry it. */
export function caseResultView(result: CaseResult, capBytes: number, resentAt: string | null = null): CheckCaseResult {
  const { exchanges, ...rest } = result;
  return { ...rest, exchanges: exchanges.map((exchange) => exchangeView(exchange, capBytes)), resentAt };
}

export const summaryOf = ({ results: _results, causes: _causes, ...summary }: CheckRunSummary & { results?: unknown; causes?: unknown }): CheckRunSummary => summary;
