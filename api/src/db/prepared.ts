/**
 * Queries built and compiled once, run many times. A Kysely builder allocates and compiles an
 * operation tree on every call, which on the sign-up path costs more than SQLite's own work for
 * some of its statements. Here the builder runs once per dialect with a named placeholder for
 * each value; later calls send the same SQL text (which the SQLite adapter also keeps prepared)
 * with the values put in the placeholders' places. The statement goes through Kysely's executor
 * as any other, so logging (the query-plan test's `onQuery`) sees it.
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult, type RootOperationNode, type Transaction } from 'kysely';
import type { Database } from './types.ts';

const MARK = '\u0000slot:';

type Slot<Args> = <K extends keyof Args & string>(name: K) => Args[K];

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** For each parameter: the name of its value, or a constant the builder put there. */
  parameters: Array<{ name: string } | { value: unknown }>;
}

export function preparedQuery<Args extends Record<string, unknown>, Row = unknown>(build: (db: Kysely<Database>, slot: Slot<Args>) => Compilable<Row>) {
  // One compiled form per dialect (the adapter class decides placeholders and quoting).
  const byDialect = new Map<unknown, Compiled>();
  const slot = ((name: string) => `${MARK}${name}`) as Slot<Args>;

  function compiledFor(db: Kysely<Database> | Transaction<Database>): Compiled {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const query: CompiledQuery = build(db as Kysely<Database>, slot).compile();
      compiled = {
        sql: query.sql,
        query: query.query,
        parameters: query.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value })),
      };
      byDialect.set(dialect, compiled);
    }
    return compiled;
  }

  return function run(db: Kysely<Database> | Transaction<Database>, args: Args): Promise<QueryResult<Row>> {
    const compiled = compiledFor(db);
    const parameters = compiled.parameters.map((p) => ('name' in p ? args[p.name] : p.value));
    return db.executeQuery<Row>({ sql: compiled.sql, parameters, query: compiled.query, queryId: createQueryId() });
  };
}
