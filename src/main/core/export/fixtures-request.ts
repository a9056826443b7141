import type { FixtureExportOptions } from '../../../shared/fixtures';
import type { FixturesRequest } from './fixtures-export';
import { loadOrCreateRedactionKey } from './redaction-key';
import type { ExportScope } from './selection';
import { progressEvents, type TransferDeps } from './transfer-deps';

class BadRequest extends Error {
  readonly status = 400;
}

/**
 * A fixtures export of the core's store, to a folder or as a download. For whoever holds the signing secret (an admin,
 * a personal inspector's user) a test secret equal to it is refused, so that the real one never goes in by mistake.
 * Below admin on a team server it is not compared: the answer would tell whether a guess was the secret. A member's
 * test secret signs as given (one they gave, so nothing they did not know goes in).
 */
export function fixturesRequest(
  deps: TransferDeps,
  options: Omit<FixtureExportOptions, 'outDir' | 'selection'> & { selection: ExportScope },
  holdsSecret = true,
): FixturesRequest {
  const { selection, testSecret, redact, keepSignatures } = options;
  if (holdsSecret && testSecret !== undefined && testSecret === deps.secret()) {
    throw new BadRequest('the test secret must differ from the signing secret: the real one never goes into fixtures');
  }
  return {
    scope: selection,
    testSecret: testSecret ?? null,
    redact,
    keepSignatures,
    redactionKey: () => loadOrCreateRedactionKey(deps.dataDir),
    onProgress: progressEvents(deps, 'export'),
  };
}
