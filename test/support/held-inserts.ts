import pg from 'pg';

/**
 * A trigger on a PostgreSQL store that holds the insert of a delivery to `/held` (its id drawn, its transaction
 * open) while the test holds the lock, as a slow disk or a busy server would hold a commit.
 */
export async function holdInsertsTo(url: string) {
  const lock = 4242;
  const client = new pg.Client({ connectionString: url });
  // The server may be stopped under it.
  client.on('error', () => {});
  await client.connect();
  await client.query(`CREATE FUNCTION hold_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.path = '/held' THEN PERFORM pg_advisory_xact_lock_shared(${lock}); END IF; RETURN NEW; END $$;
    CREATE TRIGGER hold_delivery BEFORE INSERT ON deliveries FOR EACH ROW EXECUTE FUNCTION hold_delivery()`);
  await client.query('SELECT pg_advisory_lock($1)', [lock]);
  return {
    /** Sessions of the database waiting on a lock (the held insert, and whatever waits behind it). */
    async waiting(): Promise<number> {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      return Number(rows[0]!.n);
    },
    release: () => client.query('SELECT pg_advisory_unlock($1)', [lock]),
    /** A statement on the test's own session. */
    query: <R extends pg.QueryResultRow>(sql: string) => client.query<R>(sql),
    close: () => client.end().catch(() => {}),
  };
}
