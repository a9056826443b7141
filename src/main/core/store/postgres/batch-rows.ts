/** A column of a statement that writes a batch's rows at once: its name, its type, and its value in a row. */
export interface BatchColumn<Row> {
  name: string;
  type: string;
  value: (row: Row) => unknown;
}

/**
 * `INSERT INTO table (columns) SELECT * FROM unnest(…)`: one statement for a batch's rows, each column one array
 * parameter of its type, so that the statement has as many parameters as columns however many rows it writes.
 */
export function unnestInsertSql<Row>(table: string, columns: ReadonlyArray<BatchColumn<Row>>): string {
  return `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
    SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`;
}

/** The rows as `unnestInsertSql`'s parameters: one array per column. */
export function unnestParams<Row>(columns: ReadonlyArray<BatchColumn<Row>>, rows: readonly Row[]): unknown[][] {
  return columns.map((c) => rows.map(c.value));
}

/** `ON CONFLICT (key) DO UPDATE SET` every other column to the row given. */
export function replacingOnConflict<Row>(key: string, columns: ReadonlyArray<BatchColumn<Row>>): string {
  const others = columns.filter((c) => c.name !== key);
  return `ON CONFLICT (${key}) DO UPDATE SET ${others.map((c) => `${c.name} = excluded.${c.name}`).join(', ')}`;
}
