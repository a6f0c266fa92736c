/**
 * Queries built and compiled once, run many times. A Kysely builder allocates and compiles an
 * operation tree on every call, which on the sign-up path costs more than SQLite's own work for
 * some of its statements. Here the builder runs once per dialect with a named placeholder for
 * each value; later calls send the same SQL text (which the SQLite adapter also keeps prepared)
 * with the values put in the placeholders' places (named values, or positional ones from an
 * array: slot(n) is values[n]). The statement goes through Kysely's executor as any other, so
 * logging (the query-plan test's `onQuery`) sees it.
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult, type RootOperationNode, type Transaction } from 'kysely';
import type { Database } from './types.ts';

const MARK = '\u0000slot:';

type Values = Record<string, unknown> | readonly unknown[];
type Slot<Args> = Args extends readonly unknown[] ? (index: number) => unknown : <K extends keyof Args & string>(name: K) => Args[K];

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** For each parameter: the name of its value, or a constant the builder put there. */
  parameters: Array<{ name: string } | { value: unknown }>;
  /** Every parameter is the positional value of its own place: the values go as they are. */
  inOrder: boolean;
}

export function preparedQuery<Args extends Values, Row = unknown>(build: (db: Kysely<Database>, slot: Slot<Args>) => Compilable<Row>) {
  // One compiled form per dialect (the adapter class decides placeholders and quoting).
  const byDialect = new Map<unknown, Compiled>();
  const slot = ((name: string | number) => `${MARK}${name}`) as Slot<Args>;

  function compiledFor(db: Kysely<Database> | Transaction<Database>): Compiled {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const query: CompiledQuery = build(db as Kysely<Database>, slot).compile();
      const parameters = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value }));
      const inOrder = parameters.every((p, index) => 'name' in p && p.name === String(index));
      compiled = { sql: query.sql, query: query.query, parameters, inOrder };
      byDialect.set(dialect, compiled);
    }
    return compiled;
  }

  return function run(db: Kysely<Database> | Transaction<Database>, args: Args): Promise<QueryResult<Row>> {
    const compiled = compiledFor(db);
    const values = args as Record<string, unknown>;
    const parameters = compiled.inOrder && Array.isArray(args) && args.length === compiled.parameters.length ? args : compiled.parameters.map((p) => ('name' in p ? values[p.name] : p.value));
    return db.executeQuery<Row>({ sql: compiled.sql, parameters, query: compiled.query, queryId: createQueryId() });
  };
}
