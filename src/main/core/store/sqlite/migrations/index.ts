import { initial } from './0001-initial';
import { lifecycles } from './0002-lifecycles';
import { duplicateEvidenceIndex } from './0003-duplicate-evidence-index';
import { replays } from './0004-replays';
import { deliveryCount } from './0005-delivery-count';
import { derivedWatermark } from './0006-derived-watermark';
import { bodySearch } from './0007-body-search';
import { repeatedDuplicateKeys } from './0008-repeated-duplicate-keys';
import { lifecyclesWithFindings } from './0009-lifecycles-with-findings';
import { longRunSearch } from './0010-long-run-search';
import { identicalBytesGroups } from './0011-identical-bytes-groups';
import { receivedTimeOrder } from './0012-received-time-order';
import { deliverySources } from './0013-delivery-sources';
import { retention } from './0014-retention';
import { lifecycleEventFirstIds } from './0015-growth';
import { oneIndexPerFilter } from './0016-one-index-per-filter';
import { lifecycleEventFacts } from './0017-lifecycle-event-facts';
import { filterColumnsApart } from './0018-filter-columns-apart';
import { keysApart } from './0019-keys-apart';
import { editedReplays } from './0020-edited-replays';
import { reconcileRecords } from './0021-reconcile';
import { answerTime } from './0022-answer-time';
import type { Migration } from './migration';

export type { Migration } from './migration';

/** Schema versions in order: migrations[i] takes user_version i to i + 1. Never edit a shipped one; add a new one. */
export const migrations: readonly Migration[] = [
  initial,
  lifecycles,
  duplicateEvidenceIndex,
  replays,
  deliveryCount,
  derivedWatermark,
  bodySearch,
  repeatedDuplicateKeys,
  lifecyclesWithFindings,
  longRunSearch,
  identicalBytesGroups,
  receivedTimeOrder,
  deliverySources,
  retention,
  lifecycleEventFirstIds,
  oneIndexPerFilter,
  lifecycleEventFacts,
  filterColumnsApart,
  keysApart,
  editedReplays,
  reconcileRecords,
  answerTime,
];
