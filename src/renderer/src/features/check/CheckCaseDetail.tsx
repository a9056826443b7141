import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type Ref } from 'react';
import { storedDeliveryOf, type CheckCaseResult, type CheckExchangeView, type CheckVerdict } from '../../../../shared/handler-check';
import { call } from '../../api/client';
import { ResponseStatus } from '../../components/Badges';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { HeaderPairsTable } from '../../components/HeaderPairsTable';
import { PeerText } from '../../components/PeerText';
import { DetailHeader } from '../../components/list-detail/DetailHeader';
import { DetailPane } from '../../components/list-detail/DetailPane';
import { RoleGate } from '../../components/RoleGate';
import { RouteLink } from '../../components/RouteLink';
import { formatBytes, formatDuration, formatFullTime } from '../../lib/format';
import { routes } from '../../lib/links';
import { AnswerComparison, type AnswerSide } from '../compare/AnswerComparison';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { PrettyBodyView } from '../deliveries/detail/PrettyBodyView';
import { showResent } from './useCheckRuns';
import { VerdictBadge } from './VerdictBadge';

interface CheckCaseDetailProps {
  runId: string;
  result: CheckCaseResult;
  /** Its verdict in the run compared with, when one is picked and has the case. */
  then: CheckVerdict | null;
  /** The run compared with, when one is picked: what it is called, and this case in it (null when it has not the case). */
  compared: { label: string; result: CheckCaseResult | null } | null;
  /** Sending again is refused while the run is still going. */
  running: boolean;
  onClose: () => void;
  paneRef: Ref<HTMLElement>;
}

/** One case: what it checks, its verdict and why, each request sent and what came back; "Send again" sends it alone. */
export function CheckCaseDetail({ runId, result, then, compared, running, onClose, paneRef }: CheckCaseDetailProps) {
  const storedId = storedDeliveryOf(result.id);
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (caseId: string) => call('check.resend', { runId, caseId }),
    onSuccess: (graded) => showResent(queryClient, runId, graded),
  });
  return (
    <DetailPane state={{ phase: 'ready' }} testId="check-case-detail" label={`Case ${result.title}`} onClose={onClose} paneRef={paneRef} data={{ 'data-case': result.id }}>
      <DetailHeader onClose={onClose}>
        <VerdictBadge verdict={result.verdict} />
        <h2 className="check-case-title">{result.title}</h2>
      </DetailHeader>
      <dl className="facts check-case-facts">
        <dt>Case</dt>
        <dd className="mono">{result.id}</dd>
        <dt>Checks</dt>
        <dd>spec {result.specSections.join(', ')} · expects the handler to {result.expect === 'reject' ? 'reject it (never a 2xx)' : 'acknowledge it with a 2xx'}</dd>
        {storedId !== null && (
          <>
            <dt>Sends</dt>
            <dd>
              <RouteLink to={routes.delivery(storedId)} testId="check-case-delivery">
                delivery #{storedId}
              </RouteLink>{' '}
              <span className="muted">as it was received, signed again with the secret</span>
            </dd>
          </>
        )}
        <dt>Verdict</dt>
        <dd data-testid="check-case-reason">{result.reason}</dd>
        {then !== null && (
          <>
            <dt>Compared run</dt>
            <dd>
              <VerdictBadge verdict={then} /> then{then !== result.verdict && <strong className="warn-text"> · changed</strong>}
            </dd>
          </>
        )}
        {compared !== null && compared.result === null && (
          <>
            <dt>Compared run</dt>
            <dd className="muted" data-testid="check-case-not-compared">
              {compared.label} has no such case
            </dd>
          </>
        )}
        {result.resentAt !== null && (
          <>
            <dt>Sent again</dt>
            <dd>{formatFullTime(result.resentAt)}</dd>
          </>
        )}
      </dl>
      <div className="replay-actions check-case-actions">
        <RoleGate call="check.resend" doing="send a case again" inline>
          <button type="button" data-testid="check-case-resend" disabled={resend.isPending || running} onClick={() => resend.mutate(result.id)}>
            {resend.isPending ? 'Sending…' : 'Send again'}
          </button>
        </RoleGate>
        {running && <span className="muted">once the run has finished</span>}
        {resend.isSuccess && (
          <span className="ok-text" role="status" data-testid="check-case-resent">
            Sent again and graded again.
          </span>
        )}
      </div>
      <CallErrorMessage error={resend.error} testId="check-case-resend-error" />
      {result.exchanges.map((exchange, index) => (
        <ExchangeSection
          key={index}
          exchange={exchange}
          title={exchange.label ?? (result.exchanges.length > 1 ? `Request ${index + 1}` : 'Request')}
          then={compared?.result ? { label: compared.label, exchange: compared.result.exchanges[index] ?? null } : null}
        />
      ))}
    </DetailPane>
  );
}

/** The same request of the same case in the run compared with (null: that run sent it fewer requests). */
interface ExchangeThen {
  label: string;
  exchange: CheckExchangeView | null;
}

function ExchangeSection({ exchange, title, then }: { exchange: CheckExchangeView; title: string; then: ExchangeThen | null }) {
  const { request, response } = exchange;
  return (
    <DetailSection title={title} testId="check-exchange">
      <dl className="facts">
        <dt>Answer</dt>
        <dd data-testid="check-exchange-answer">
          {response ? <ResponseStatus status={response.status} /> : <span className="badge replay-failed">no answer</span>}{' '}
          <span className="muted">after {formatDuration(exchange.durationMs)}</span>
        </dd>
        {exchange.error !== null && (
          <>
            <dt>Error</dt>
            <dd className="error-text">
              <PeerText text={exchange.error} />
            </dd>
          </>
        )}
      </dl>
      <div className="body-view-title">Request headers</div>
      <HeaderPairsTable headers={request.headers} className="replay-headers" testId="check-request-headers" />
      <CappedBodyView title="Request body" body={request} testId="check-request-body" />
      {response && (
        <>
          <div className="body-view-title">Response headers</div>
          <HeaderPairsTable headers={response.headers} className="replay-headers" testId="check-response-headers" />
          <CappedBodyView title="Response body" body={response} testId="check-response-body" />
        </>
      )}
      {then !== null && <CompareWithThen then={then} now={exchange} />}
    </DetailSection>
  );
}

const encoder = new TextEncoder();

/** A body as the run kept it (cut at the capture limit): its text, and a JSON tree when it is JSON. */
function CappedBodyView({ title, body, testId }: { title: string; body: { body: string; bodySize: number; bodyTruncated: boolean }; testId: string }) {
  const bytes = useMemo(() => encoder.encode(body.body), [body.body]);
  return (
    <>
      <div className="body-view-title">
        {title} <span className="muted">{formatBytes(body.bodySize)}</span>
        {body.bodyTruncated && <span className="warn-text"> · cut at the capture limit</span>}
      </div>
      {body.body === '' ? (
        <p className="muted replay-empty-body">empty</p>
      ) : (
        <div className="body-views">
          <pre className="raw-body replay-response-body" data-testid={testId}>
            <PeerText text={body.body} />
          </pre>
          {!body.bodyTruncated && <PrettyBodyView bytes={bytes} />}
        </div>
      )}
    </>
  );
}

const answerSide = (exchange: CheckExchangeView): AnswerSide => ({ answer: exchange.response, error: exchange.error });
const thenAndNow = ['compared run', 'this run'] as const;

/** "Compare the answer with the compared run's": this request's answer against the same request's in the run picked under Compare with. */
function CompareWithThen({ then, now }: { then: ExchangeThen; now: CheckExchangeView }) {
  const [open, setOpen] = useState(false);
  if (then.exchange === null)
    return (
      <p className="muted" data-testid="check-answer-compare">
        {then.label} sent this case fewer requests: no answer to compare with.
      </p>
    );
  return (
    <div className="replay-compare" data-testid="check-answer-compare">
      <button type="button" className="link-button" aria-expanded={open} data-testid="check-answer-compare-toggle" onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} Compare the answer with {then.label}
      </button>
      {open && (
        <AnswerComparison
          before={answerSide(then.exchange)}
          now={answerSide(now)}
          names={thenAndNow}
          keptAs="Compared as the run keeps each answer: UTF-8 text, invalid bytes replaced, cut at the cap replays keep (64 KiB)."
        />
      )}
    </div>
  );
}
