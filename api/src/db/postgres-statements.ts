/**
 * Named prepared statements on PostgreSQL. Kysely sends each query as an unnamed statement, so
 * the server parses and plans the same few texts on every request. Naming a statement (by a hash
 * of its text) makes pg parse it once per connection and only bind and execute it afterwards:
 * what the SQLite adapter's statement cache does on that side. Each connection names at most
 * NAMED_PER_CONNECTION texts (the API has a few dozen; filters with lists make more), the rest
 * stay unnamed, so a session never holds an unbounded number of them.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const NAMED_PER_CONNECTION = 500;

const STAR_RESULT = /(^|[\s,.])\*\s*(,|from\b|$)/i;

const nameOf = (text: string) => `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

export function nameStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const named = new Set<string>();
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values, ...rest);
      let name = names.get(text);
      // A `*` result (select *, returning *) would fail once a migration adds a column, while the
      // connection keeps the statement: those stay unnamed.
      if (!name && named.size < NAMED_PER_CONNECTION && !STAR_RESULT.test(text)) {
        name = nameOf(text);
        named.add(name);
        names.set(text, name);
      }
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    };
  });
}
