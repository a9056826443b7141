import type { ComparedSide, DeliveryComparison, HeaderChange } from '../../../shared/compare';
import type { DeliveryDetail } from '../../../shared/delivery';
import type { Finding } from '../../../shared/verdicts';
import { compareBodies, readBody, type ReadBody } from './compare-bodies';
import { compareHeaders } from '../../../shared/compare-headers';

/**
 * Two stored deliveries side by side (shared/compare.ts). A pure function of the two details as the caller may read
 * them: the signature checks are taken as given, so the caller applies its digest rule first (compare-stored.ts).
 */
export function compareDeliveries(left: DeliveryDetail, right: DeliveryDetail): DeliveryComparison {
  const leftBytes = Buffer.from(left.bodyBase64, 'base64');
  const rightBytes = Buffer.from(right.bodyBase64, 'base64');
  const leftBody = readBody({ bytes: leftBytes, sha256: left.bodySha256, truncated: left.bodyTruncated });
  const rightBody = readBody({ bytes: rightBytes, sha256: right.bodySha256, truncated: right.bodyTruncated });
  const headers = compareHeaders(left.headers, right.headers);
  const body = compareBodies(leftBody, rightBody, leftBytes, rightBytes);
  const request = (['method', 'path', 'query'] as const)
    .filter((field) => left[field] !== right[field])
    .map((field) => ({ field, left: left[field], right: right[field] }));
  const findings = compareFindings(left.findings, right.findings);
  const comparison: DeliveryComparison = {
    left: side(left, leftBody),
    right: side(right, rightBody),
    equal: headers.equal && body.identical && request.length === 0,
    summary: [],
    request,
    headers,
    body,
    signature: { sameVerdict: left.signature === right.signature, left: left.signature, right: right.signature },
    findings,
  };
  comparison.summary = summarize(comparison);
  return comparison;
}

function side(detail: DeliveryDetail, body: ReadBody): ComparedSide {
  return {
    id: detail.id,
    receivedAt: detail.receivedAt,
    method: detail.method,
    path: detail.path,
    query: detail.query,
    event: detail.event,
    form: detail.form,
    deliveryId: detail.deliveryId,
    idempotencyKey: detail.idempotencyKey,
    responseStatus: detail.responseStatus,
    signatureCheck: detail.signatureCheck,
    findings: detail.findings,
    body: body.shape,
  };
}

const findingKey = (finding: Finding) => `${finding.code}\u0000${finding.path}\u0000${finding.message}`;

/** Findings matched one for one by code, path and message. */
function compareFindings(left: readonly Finding[], right: readonly Finding[]): DeliveryComparison['findings'] {
  const unmatched = new Map<string, Finding[]>();
  for (const finding of right) {
    const key = findingKey(finding);
    unmatched.set(key, [...(unmatched.get(key) ?? []), finding]);
  }
  const both: Finding[] = [];
  const onlyLeft: Finding[] = [];
  for (const finding of left) {
    const waiting = unmatched.get(findingKey(finding));
    if (waiting && waiting.length > 0) {
      waiting.shift();
      both.push(finding);
    } else {
      onlyLeft.push(finding);
    }
  }
  return { onlyLeft, onlyRight: [...unmatched.values()].flat(), both };
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function headerWords(rows: readonly HeaderChange[]): string {
  const parts: string[] = [];
  const changed = rows.filter((row) => row.kind === 'changed').length;
  const added = rows.filter((row) => row.kind === 'added').length;
  const removed = rows.filter((row) => row.kind === 'removed').length;
  const cased = rows.filter((row) => row.caseChanged).length;
  const moved = rows.filter((row) => row.moved).length;
  if (changed) parts.push(`${count(changed, 'value')} changed (${names(rows.filter((row) => row.kind === 'changed'))})`);
  if (added) parts.push(`${count(added, 'header')} only on the right (${names(rows.filter((row) => row.kind === 'added'))})`);
  if (removed) parts.push(`${count(removed, 'header')} only on the left (${names(rows.filter((row) => row.kind === 'removed'))})`);
  if (cased) parts.push(`${count(cased, 'name')} in another case`);
  if (moved) parts.push(`${count(moved, 'header')} in another place`);
  return parts.join('; ');
}

function names(rows: readonly HeaderChange[]): string {
  const shown = rows.slice(0, 4).map((row) => (row.right ?? row.left)!.name);
  return rows.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ');
}

function bodyNotes(label: string, comparison: DeliveryComparison, which: 'left' | 'right'): string[] {
  const shape = comparison[which].body;
  const notes: string[] = [];
  if (shape.truncated) notes.push(`The ${label} body was cut at the receiver's limit: only its first ${shape.size} bytes were kept.`);
  if (shape.kind === 'invalid_utf8') notes.push(`The ${label} body is not UTF-8 (byte ${shape.firstInvalidByte}): compared as bytes.`);
  else if (shape.kind === 'invalid_json' || shape.kind === 'too_deep') notes.push(`The ${label} body is not JSON: ${shape.reason ?? ''}`.trim());
  if (shape.bom) notes.push(`The ${label} body starts with a byte-order mark (EF BB BF), which JSON does not allow.`);
  if (shape.duplicateKeys.length > 0) {
    const listed = shape.duplicateKeys.slice(0, 3).map((repeat) => `${repeat.path} ×${repeat.count}`);
    notes.push(`The ${label} body writes a key more than once (${listed.join(', ')}${shape.duplicateKeys.length > 3 ? ', …' : ''}): which one counts is up to the parser.`);
  }
  return notes;
}

function summarize(comparison: DeliveryComparison): string[] {
  const { body, headers, request } = comparison;
  const lines: string[] = [];
  if (comparison.left.id === comparison.right.id) lines.push('Both sides are the same stored delivery.');
  if (comparison.equal) {
    lines.push('Nothing differs: the same headers, in the same order and case, and byte-identical bodies.');
  } else if (body.identical) {
    lines.push(`The bodies are byte-identical (${count(comparison.left.body.size, 'byte')}); ${headers.equal ? 'the headers are the same' : `only the headers differ: ${headerWords(headers.rows)}`}.`);
  } else {
    lines.push(bodyDifference(comparison));
    if (!headers.equal) lines.push(`Headers: ${headerWords(headers.rows)}.`);
  }
  for (const field of request) lines.push(`The ${field.field} differs: ${JSON.stringify(field.left)} against ${JSON.stringify(field.right)}.`);
  lines.push(...bodyNotes('left', comparison, 'left'), ...bodyNotes('right', comparison, 'right'));
  const { signature } = comparison;
  if (!signature.sameVerdict) lines.push(`The signature verdicts differ: ${signature.left} on the left, ${signature.right} on the right.`);
  const { onlyLeft, onlyRight } = comparison.findings;
  if (onlyLeft.length > 0) lines.push(`Findings only on the left: ${codes(onlyLeft)}.`);
  if (onlyRight.length > 0) lines.push(`Findings only on the right: ${codes(onlyRight)}.`);
  return lines;
}

function codes(findings: readonly Finding[]): string {
  const unique = [...new Set(findings.map((finding) => finding.code))];
  return unique.length > 6 ? `${unique.slice(0, 6).join(', ')}, …` : unique.join(', ');
}

function bodyDifference(comparison: DeliveryComparison): string {
  const { body } = comparison;
  const at = `first difference at byte ${body.bytes!.firstDifference}`;
  if (body.json) {
    const listed = body.json.changes;
    const total = listed.length + body.json.omitted;
    if (total === 0) return `The bodies differ (${at}), but not as JSON: the same values written differently (spacing or escapes).`;
    const kinds = (kind: string) => listed.filter((change) => change.kind === kind).length;
    const parts = [
      kinds('changed') && `${kinds('changed')} changed`,
      kinds('added') && `${kinds('added')} only on the right`,
      kinds('removed') && `${kinds('removed')} only on the left`,
      kinds('reordered') && `${kinds('reordered')} ${kinds('reordered') === 1 ? 'object' : 'objects'} in another key order`,
    ].filter(Boolean);
    const sameNumbers = listed.filter((change) => change.sameNumber).length;
    const numbers = sameNumbers > 0 ? `; ${count(sameNumbers, 'number')} the same value written differently` : '';
    return `The bodies differ: ${count(total, 'JSON difference')} (${parts.join(', ')}${body.json.omitted > 0 ? `, ${body.json.omitted} more not listed` : ''})${numbers}; ${at}.`;
  }
  const { left, right } = comparison;
  const sizes = left.body.size === right.body.size ? `both ${count(left.body.size, 'byte')}` : `${count(left.body.size, 'byte')} against ${right.body.size}`;
  return `The bodies differ (${sizes}; ${at}).`;
}
