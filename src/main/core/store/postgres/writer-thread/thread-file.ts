import { builtFileBeside } from '../../common/built-file';

/** The PostgreSQL store's writer thread as built beside the running bundle (postgres-writer.js or .mjs); null from sources. */
export function builtPostgresWriterFile(): string | null {
  return builtFileBeside('postgres-writer');
}
