import { storeOptions } from '@webhook-inspector/command-line';

/** The variable a team server's database URL may come from (`serve`, `serve user`). */
export const storeVariable = 'WEBHOOK_INSPECTOR_STORE';

/** The inspector's store options (`serve`; any command that reads a data dir may take them). */
export const storeUrlOptions = storeOptions(
  storeVariable,
  "The store in PostgreSQL (a team server's), in place of the data dir's SQLite file",
  "the data dir's SQLite file",
);
