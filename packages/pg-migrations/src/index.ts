/**
 * @webhook-inspector/pg-migrations: the one migration runner for every PostgreSQL schema (the team store's, the
 * relay's). May import: pg and Node built-ins. May not import: the app (src/), another package, a schema it runs.
 */
export {
  codeStep,
  editedMigrationMessage,
  runMigrations,
  sha256Of,
  sqlStep,
  type MigrationStep,
  type PgSchema,
} from './run-migrations';
