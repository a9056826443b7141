import { compareStored } from '../core/compare/compare-stored';
import { comparisonText } from '../core/compare/comparison-text';
import { withStoreAt } from '../core/store';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { diffDefinition } from './diff-definition';
import { storeLocationFrom, writeLines } from './store-output';

function deliveryId(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`${name} must be a delivery id (got ${value ?? 'nothing'})`);
  return id;
}

/**
 * `diff LEFT_ID RIGHT_ID`: two stored deliveries compared, as text or JSON; exits 1 when they differ. The command reads
 * the store directly, and still shows an expected digest cut unless it matched (no signature oracle in its output).
 */
export async function diffCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(diffDefinition, args);
  const left = deliveryId(positionals[0], 'LEFT_ID');
  const right = deliveryId(positionals[1], 'RIGHT_ID');
  const comparison = await withStoreAt(storeLocationFrom(values), (store) => compareStored(store, left, right, false));
  const lines = values.json ? [JSON.stringify(comparison)] : comparisonText(comparison);
  await writeLines(lines.map((line) => `${line}\n`), undefined);
  if (!comparison.equal) process.exitCode = 1;
}
