/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { loadConfig } from '../config.ts';
import { openDatabase, migrateToLatest } from './index.ts';

const db = openDatabase(loadConfig());
try {
  const result = await migrateToLatest(db.kysely);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  console.log(applied.length ? `migrated ${db.dialect} (${db.location}): ${applied.join(', ')}` : `${db.dialect} (${db.location}) is up to date`);
} catch (error) {
  console.error('migration failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
