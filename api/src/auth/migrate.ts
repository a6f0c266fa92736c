/**
 * Better Auth's tables (staff_user, staff_session, staff_account, staff_verification,
 * staff_rate_limit), created or extended after the project's own migrations, at start and by
 * `npm run migrate`. getMigrations diffs the live schema: it creates and adds, never drops.
 */
import { getMigrations } from 'better-auth/db/migration';
import type { StaffAuth } from './auth.ts';

export async function migrateStaffTables(auth: StaffAuth): Promise<{ tables: string[]; columns: string[] }> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  return {
    tables: toBeCreated.map((table) => table.table),
    columns: toBeAdded.flatMap((table) => Object.keys(table.fields).map((field) => `${table.table}.${field}`)),
  };
}
