import { z } from 'zod';
import { ForwardSettings } from '../../../shared/replay';

/**
 * The forward settings as kept in the settings table. Before `appendPath` existed, the received path was
 * always appended to the target. Such a stored setting keeps appending where that was plausibly meant
 * (a path rewrite was set, or the target had no path of its own, so only the appended path said where to go);
 * a target with its own path (http://localhost:3000/webhooks) is now used as given.
 */
export const StoredForwardSettings = z.preprocess(
  (stored) => (isFromBeforeAppendPath(stored) ? { ...stored, appendPath: appendedBefore(stored) } : stored),
  ForwardSettings,
);

type StoredObject = Record<string, unknown>;

function isFromBeforeAppendPath(stored: unknown): stored is StoredObject {
  return typeof stored === 'object' && stored !== null && !('appendPath' in stored);
}

function appendedBefore(stored: StoredObject): boolean {
  if (stored.pathRewrite !== null && stored.pathRewrite !== undefined) return true;
  if (typeof stored.target !== 'string') return false;
  try {
    return new URL(stored.target).pathname === '/';
  } catch {
    return false;
  }
}
