/**
 * A PostgreSQL database for a bench: on TEST_DATABASE_URL, or on a throwaway cluster started
 * the way the API tests start one (PG_TEST_PORT); dropped (and the cluster stopped) by done().
 */
import pg from 'pg';
import startPostgres from '../test/global-setup.ts';

export async function benchPostgres(prefix: string): Promise<{ url: string; done(): Promise<void> } | { skipped: string }> {
  const provided: Record<string, string> = {};
  const teardown = await startPostgres({ provide: (key: string, value: string) => void (provided[key] = value) } as never);
  if (!provided.pgUrl) return { skipped: provided.pgSkipReason || 'no PostgreSQL server' };
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: provided.pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(provided.pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async done() {
      const client = new pg.Client({ connectionString: provided.pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      if (typeof teardown === 'function') await teardown();
    },
  };
}
