/** Secrets the API makes for itself and keeps in the database (table app_secrets), one a name. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './index.ts';

/**
 * The secret stored under `name`: 32 random bytes (base64url) created by the first instance that
 * asks, and the same for every instance after (a second creator's insert does nothing).
 */
export async function storedSecret(db: Kysely<Database>, name: string): Promise<string> {
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
}
