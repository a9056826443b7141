import type { CallHandlers } from '../../../shared/contract';
import { refuseServerPathsOnTeam, type TransferDeps } from '../export/transfer-deps';
import { importPath } from './import-path';
import { importTarget } from './import-target';

/** The call `import.path`: a path on this machine, through the core's writer (a team server takes uploads instead). */
export function importCalls(deps: TransferDeps) {
  return {
    'import.path': async ({ path }) => {
      refuseServerPathsOnTeam(deps);
      return importPath(path, importTarget(deps));
    },
  } satisfies Pick<CallHandlers, 'import.path'>;
}
