/** `npm run migrate`: applies pending migrations (the project's, then the staff tables') and exits. */
import { authSecret, createStaffAuth } from '../auth/auth.ts';
import { migrateStaffTables } from '../auth/migrate.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../mail/outbox.ts';
import { openDatabase, migrateToLatest } from './index.ts';

const config = loadConfig();
const db = openDatabase(config);
try {
  const result = await migrateToLatest(db.kysely);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  // Better Auth's tables follow the project's own (they read app_secrets for the key).
  const auth = createStaffAuth({ config, db, mailer: createMailer({ db: db.kysely, from: config.mailFrom }), secret: await authSecret(db.kysely, config.secretKey) });
  const staff = await migrateStaffTables(auth);
  const staffChanges = [...staff.tables, ...staff.columns];
  if (staffChanges.length) applied.push(`staff tables (${staffChanges.join(', ')})`);
  console.log(applied.length ? `migrated ${db.dialect} (${db.location}): ${applied.join(', ')}` : `${db.dialect} (${db.location}) is up to date`);
} catch (error) {
  console.error('migration failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
