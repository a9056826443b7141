import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecentBodyConclusions } from '../../src/main/core/analysis/recent-body-conclusions';
import { analyzerVersion } from '../../src/main/core/analysis/version';
import { analysedRecord } from '../../src/main/core/delivery-record/build-record';
import type { CapturedDelivery } from '../../src/main/core/delivery-record/delivery-record';
import { insertColumns, insertValues } from '../../src/main/core/store/common/delivery-columns';
import { dateTimeCorpus, mutationCorpus, trafficCorpus } from '../support/analysis-corpus';

/**
 * The analysis says exactly what it said before, of every delivery of a large varied corpus: each record (form,
 * verdicts, findings and their messages, keys, the parsed body with its exact numbers, the body's hash) and the row
 * its store writes, serialised to JSON, hashed 100 records at a time and compared with the digests recorded in the
 * snapshot. Any changed field of any record changes a digest.
 *
 * Why it is stable: the corpus is a pure function of fixed seeds (test/support/analysis-corpus.ts: no clock, no
 * random UUID), the analysis a pure function of the captured request and the secret, and JSON.stringify keeps key
 * order, so the same code gives the same bytes on every machine. A digest changes only when the analysis's output
 * does (which must then also bump analyzerVersion, part of the snapshot) or when the inputs do (the benchmark
 * generator's traffic, the simulator's scenarios or the fixtures): then check the change is intended and record it
 * again with `npx vitest run --project unit test/unit/analysis-golden.test.ts -u`.
 */

const chunk = 100;

/** A record as JSON: bytes (the row's body) as base64, LosslessNumbers as their class's own fields. */
function recordJson(delivery: CapturedDelivery, recentBodies?: RecentBodyConclusions): string {
  const record = analysedRecord(delivery, recentBodies);
  // How long the receiver took to answer is the receiver's record, not the analysis's: the digests leave it out.
  const row = Object.fromEntries(insertValues(record).map((value, i) => [insertColumns[i], value]).filter(([column]) => column !== 'response_after_ms'));
  const { raw: _raw, ...derived } = record;
  return JSON.stringify({ ...derived, row }, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    return original instanceof Uint8Array ? `base64:${Buffer.from(original).toString('base64')}` : value;
  });
}

function digests(corpus: CapturedDelivery[], recentBodies?: RecentBodyConclusions): string[] {
  const out: string[] = [];
  for (let i = 0; i < corpus.length; i += chunk) {
    const hash = createHash('sha256');
    for (const delivery of corpus.slice(i, i + chunk)) hash.update(recordJson(delivery, recentBodies)).update('\n');
    out.push(`${i}-${Math.min(i + chunk, corpus.length) - 1} ${hash.digest('hex').slice(0, 24)}`);
  }
  return out;
}

describe('the analysis of a large varied corpus, against the digests recorded before', () => {
  const traffic = trafficCorpus(3_000, 7);

  it('is unchanged on the benchmark traffic (faults, GET probes, cut bodies and test pings included)', () => {
    expect({ analyzerVersion, digests: digests(traffic) }).toMatchSnapshot();
  });

  it('is unchanged on seeded mutations of the fixtures and the traffic (fields, keys, text, headers, secrets)', () => {
    expect({ analyzerVersion, digests: digests(mutationCorpus(4_000, 27, traffic)) }).toMatchSnapshot();
  });

  it("is the same through the receiver's memory of recent bodies, which meets bodies again under other headers and secrets", () => {
    const mutations = mutationCorpus(4_000, 27, traffic);
    expect(digests(mutations, new RecentBodyConclusions())).toEqual(digests(mutations));
  });

  it('is unchanged on every edge-case date-time in every date-time field of each form', () => {
    expect({ analyzerVersion, digests: digests(dateTimeCorpus()) }).toMatchSnapshot();
  });
});
