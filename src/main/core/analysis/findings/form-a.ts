import { Decimal } from 'decimal.js';
import type { Finding } from '../../../../shared/verdicts';
import { CryptoFormABody, isSendStatus, isTerminalSendStatus } from '../../../../shared/payloads/crypto-form-a';
import { isDetailedCryptoEvent, isKnownEvent, type DetailedCryptoEvent } from '../../../../shared/payloads/events';
import { isJsonInteger, jsonNumberText } from '../../../../shared/payloads/json-values';
import { field, has, objectField, stringField, type JsonObject } from '../json-access';
import { finding } from './catalog';
import { sendRequestFindings } from './send-request';
import { schemaFindings } from './schema-issues';
import { quote } from './text';

const quoteActionEvents: readonly string[] = ['payout.quote_confirmed', 'payout.quote_canceled'];
const snapshotEvents: readonly string[] = ['payout.quote_created', 'payout.terminal_state'];

/** Spec 3: the status each detailed event may carry. Unknown statuses are left alone (new values may appear). */
function statusFindings(event: DetailedCryptoEvent, status: unknown): Finding[] {
  if (!isSendStatus(status)) return [];
  if (event === 'payout.quote_created' && status !== 'in_progress') {
    return [
      finding(
        'form_a.quote_created_not_in_progress',
        '$.status',
        `payout.quote_created has status "${status}"; a new quote is in_progress.`,
      ),
    ];
  }
  if (event === 'payout.terminal_state' && !isTerminalSendStatus(status)) {
    return [finding('form_a.terminal_state_not_terminal', '$.status', `payout.terminal_state has the non-terminal status "${status}".`)];
  }
  if (event === 'payout.status_changed' && isTerminalSendStatus(status)) {
    return [
      finding(
        'form_a.status_changed_terminal',
        '$.status',
        `payout.status_changed has the terminal status "${status}"; that is payout.terminal_state's.`,
      ),
    ];
  }
  return [];
}

function dataPresenceFindings(event: DetailedCryptoEvent, body: JsonObject): Finding[] {
  if (event === 'payout.status_changed') {
    return has(body, 'data') ? [finding('form_a.data_on_status_changed', '$.data', 'payout.status_changed carries no "data".')] : [];
  }
  if (!has(body, 'data')) return [finding('form_a.data_missing', '$.data', `${event} carries the send-request snapshot in "data".`)];
  const data = objectField(body, 'data');
  if (data !== null && quoteActionEvents.includes(event) && !has(data, 'remote')) {
    return [finding('form_a.data_not_remote', '$.data', `On ${event}, "data" is { remote: <action response> }, not a snapshot.`)];
  }
  return [];
}

/** The snapshot agrees with the top level: data.id, data.status, and the first txid. */
function snapshotAgreementFindings(event: DetailedCryptoEvent, body: JsonObject, data: JsonObject): Finding[] {
  const findings: Finding[] = [];
  const id = field(data, 'id');
  const externalSendId = stringField(body, 'external_send_id');
  if (isJsonInteger(id) && externalSendId !== null) {
    const sameId = /^-?\d+$/.test(externalSendId) && new Decimal(externalSendId).eq(jsonNumberText(id));
    if (!sameId) {
      findings.push(
        finding(
          'form_a.data_id_mismatch',
          '$.data.id',
          `data.id ${jsonNumberText(id)} is not external_send_id ${quote(externalSendId)} as an integer.`,
        ),
      );
    }
  }
  const status = stringField(body, 'status');
  const dataStatus = stringField(data, 'status');
  if (status !== null && dataStatus !== null && status !== dataStatus) {
    findings.push(
      finding('form_a.data_status_mismatch', '$.data.status', `data.status ${quote(dataStatus)} differs from status ${quote(status)}.`),
    );
  }
  const txHash = stringField(body, 'tx_hash');
  if (event === 'payout.terminal_state' && txHash !== null) {
    const transactions = field(data, 'blockchain_transactions');
    const txid = Array.isArray(transactions) ? stringField(transactions[0], 'txid') : null;
    if (txid !== txHash) {
      const seen =
        txid === null ? 'there is no data.blockchain_transactions[0].txid' : `data.blockchain_transactions[0].txid is ${quote(txid)}`;
      findings.push(finding('form_a.tx_hash_txid_mismatch', '$.tx_hash', `tx_hash is ${quote(txHash)} but ${seen}.`));
    }
  }
  return findings;
}

function optionalFieldFindings(event: DetailedCryptoEvent, body: JsonObject): Finding[] {
  const findings: Finding[] = [];
  const status = field(body, 'status');
  if (has(body, 'tx_hash')) {
    if (event !== 'payout.terminal_state') {
      findings.push(
        finding('form_a.tx_hash_not_on_terminal', '$.tx_hash', `tx_hash appears on ${event}; it is only on payout.terminal_state.`),
      );
    } else if (typeof status === 'string' && status !== 'completed') {
      findings.push(
        finding(
          'form_a.tx_hash_not_completed',
          '$.tx_hash',
          `tx_hash appears with status ${quote(status)}; it is only on a completed send.`,
        ),
      );
    }
  }
  if (has(body, 'failure_reason') && (event !== 'payout.terminal_state' || (typeof status === 'string' && status !== 'failed'))) {
    findings.push(
      finding(
        'form_a.failure_reason_misplaced',
        '$.failure_reason',
        'failure_reason appears only on payout.terminal_state with status "failed".',
      ),
    );
  }
  if (event === 'payout.terminal_state' && status === 'failed' && !has(body, 'failure_reason')) {
    findings.push(
      finding(
        'form_a.failed_without_failure_reason',
        '$.failure_reason',
        'A failed terminal_state has no failure_reason to give the cause.',
      ),
    );
  }
  return findings;
}

/** The rules tied to one of the five detailed events; unknown events get none (receivers ignore them). */
function detailedEventFindings(event: DetailedCryptoEvent, body: JsonObject): Finding[] {
  const findings = [
    ...statusFindings(event, field(body, 'status')),
    ...dataPresenceFindings(event, body),
    ...optionalFieldFindings(event, body),
  ];
  const data = objectField(body, 'data');
  if (data !== null && snapshotEvents.includes(event)) {
    findings.push(...sendRequestFindings(body, 'form_a'), ...snapshotAgreementFindings(event, body, data));
  }
  return findings;
}

/** Crypto Form A (spec 2.3, 2.4, 3). */
export function formAFindings(body: JsonObject): Finding[] {
  const findings = schemaFindings(CryptoFormABody, body, { area: 'form_a', skip: ['$.event'] });
  const status = field(body, 'status');
  if (typeof status === 'string' && !isSendStatus(status)) {
    findings.push(
      finding('form_a.status_unrecognized', '$.status', `Status ${quote(status)} is not one of spec 3's; new values may appear.`),
    );
  }
  const event = field(body, 'event');
  if (isDetailedCryptoEvent(event)) findings.push(...detailedEventFindings(event, body));
  else if (isKnownEvent(event)) {
    findings.push(finding('form_a.event_not_detailed', '$.event', `Event ${quote(event)} is not one of the five detailed Form A events.`));
  }
  return findings;
}
