import { builtFileBeside } from '../../common/built-file';

/** The built writer thread beside the running bundle (store-writer.js or .mjs); null when running from sources. */
export function builtWriterThreadFile(): string | null {
  return builtFileBeside('store-writer');
}
