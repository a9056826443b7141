import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deliveryKeysFile } from '../src/main/core/store/sqlite/delivery-keys';
import { buildStore } from './build-store';
import { cacheDir } from './scale';

/**
 * A store of `count` generated deliveries as a store in use holds them, built once and kept in bench/.cache: another
 * seed than the benchmarks' own traffic, so that what they send is new to it (not copies of what it holds), and
 * received before it.
 */
export async function storeInUse(count: number): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `store-in-use-${count}.sqlite3`);
  if (existsSync(file)) return file;
  const building = `${file}.building`;
  rmSync(building, { force: true });
  rmSync(deliveryKeysFile(building), { force: true });
  const built = await buildStore(building, count, () => {}, storeInUseSeed);
  // Its keys file goes with it (a store opened without one rebuilds it).
  renameSync(deliveryKeysFile(building), deliveryKeysFile(file));
  renameSync(building, file);
  console.log(`  built a store of ${built.rows.toLocaleString('en')} generated deliveries in ${built.seconds.toFixed(0)} s (kept: ${file})`);
  return file;
}

const storeInUseSeed = 3;
