import type { Finding } from '../../../../shared/verdicts';
import { isUuid } from '../../../../shared/payloads/json-values';
import { RequestHeaders, serviceHeaders } from '../headers';
import type { RawDelivery } from '../types';
import { finding } from './catalog';
import { quote } from './text';

const headerPath = (name: string) => `headers.${name}`;

function contentTypeFindings(headers: RequestHeaders): Finding[] {
  const path = headerPath(serviceHeaders.contentType);
  const value = headers.value(serviceHeaders.contentType);
  if (value === null) return [finding('header.content_type_missing', path, 'No Content-Type header; the service sends application/json.')];
  const [mediaType = '', ...parameters] = value.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') {
    return [finding('header.content_type_not_json', path, `Content-Type is ${quote(value)}; expected application/json.`)];
  }
  const charset = parameters
    .map((p) => p.trim().split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return [finding('header.content_type_charset', path, `Content-Type declares charset ${quote(charset)}; JSON bodies are UTF-8.`)];
  }
  return [];
}

function userAgentFindings(headers: RequestHeaders): Finding[] {
  const value = headers.value(serviceHeaders.userAgent);
  if (value === 'Service-Webhooks/1.0') return [];
  const seen = value === null ? 'No User-Agent header' : `User-Agent is ${quote(value)}`;
  return [
    finding('header.user_agent_unexpected', headerPath(serviceHeaders.userAgent), `${seen}; the service sends Service-Webhooks/1.0.`),
  ];
}

function deliveryIdFindings(headers: RequestHeaders): Finding[] {
  const path = headerPath(serviceHeaders.delivery);
  const value = headers.value(serviceHeaders.delivery);
  if (value === null) return [finding('header.delivery_missing', path, 'No X-Service-Delivery header; each attempt carries a UUID.')];
  if (!isUuid(value)) return [finding('header.delivery_not_uuid', path, `X-Service-Delivery is ${quote(value)}, not a UUID.`)];
  return [];
}

// Seconds since 1970 stay below 11 digits until the year 5138; 13 digits means milliseconds.
const maxEpochSeconds = 99_999_999_999;

function timestampFindings(headers: RequestHeaders): Finding[] {
  const path = headerPath(serviceHeaders.timestamp);
  const value = headers.value(serviceHeaders.timestamp);
  if (value === null) return [finding('header.timestamp_missing', path, 'No X-Service-Timestamp header (epoch seconds at dispatch).')];
  if (!/^\d+$/.test(value)) {
    return [finding('header.timestamp_not_epoch_seconds', path, `X-Service-Timestamp is ${quote(value)}, not integer epoch seconds.`)];
  }
  if (Number(value) > maxEpochSeconds) {
    return [
      finding(
        'header.timestamp_not_epoch_seconds',
        path,
        `X-Service-Timestamp ${quote(value)} looks like milliseconds, not epoch seconds.`,
      ),
    ];
  }
  return [];
}

function repeatedHeaderFindings(headers: RequestHeaders): Finding[] {
  // A repeated signature is reported by the signature check (it makes the header malformed).
  const names = Object.values(serviceHeaders).filter((name) => name !== serviceHeaders.signature);
  return names
    .filter((name) => headers.values(name).length > 1)
    .map((name) =>
      finding(
        'header.repeated',
        headerPath(name),
        `${name} arrived ${headers.values(name).length} times; the values were joined with ", ".`,
      ),
    );
}

/** Method, query string and the spec 2.1 headers, except the signature and the event/body comparison. */
export function requestFindings(raw: RawDelivery, headers = new RequestHeaders(raw.headers)): Finding[] {
  const findings: Finding[] = [];
  if (raw.method !== 'POST') {
    findings.push(finding('request.method_not_post', '$', `Method is ${quote(raw.method)}; the service delivers with POST.`));
  }
  if (raw.query !== '') {
    findings.push(
      finding(
        'request.query_string',
        '$',
        'The request has a query string; the service sends JSON in the body only, never a query string.',
      ),
    );
  }
  if (headers.value(serviceHeaders.event) === null) {
    findings.push(
      finding('header.event_missing', headerPath(serviceHeaders.event), 'No X-Service-Event header; it must carry the event name.'),
    );
  }
  findings.push(
    ...contentTypeFindings(headers),
    ...userAgentFindings(headers),
    ...deliveryIdFindings(headers),
    ...timestampFindings(headers),
    ...repeatedHeaderFindings(headers),
  );
  return findings;
}
