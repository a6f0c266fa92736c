/**
 * Newsletter confirm and unsubscribe tokens: `<subscriber id>.<HMAC-SHA256(purpose:id)>`, so
 * one cannot be guessed from an address or turned into the other. The key is SECRET_KEY, or a
 * random key created once and kept in the database (shared by every instance).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/index.ts';

export type TokenPurpose = 'confirm' | 'unsubscribe';

export interface TokenSigner {
  /** Loads (or creates) the key; done at start so signing inside a transaction needs no query. */
  init(): Promise<void>;
  sign(purpose: TokenPurpose, id: string): Promise<string>;
  /** The subscriber id the token was made for, or null if it was not made with our key. */
  verify(purpose: TokenPurpose, token: string): Promise<string | null>;
}

const SECRET_NAME = 'newsletter-token-key';

async function storedKey(db: Kysely<Database>): Promise<string> {
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}

export function createTokenSigner(db: Kysely<Database>, secretKey?: string): TokenSigner {
  let key: Promise<string> | undefined = secretKey ? Promise.resolve(secretKey) : undefined;
  const getKey = () => (key ??= storedKey(db).catch((error) => {
    key = undefined;
    throw error;
  }));
  const mac = async (purpose: TokenPurpose, id: string) =>
    createHmac('sha256', await getKey()).update(`${purpose}:${id}`).digest().subarray(0, 24);

  return {
    async init() {
      await getKey();
    },
    async sign(purpose, id) {
      return `${id}.${(await mac(purpose, id)).toString('base64url')}`;
    },
    async verify(purpose, token) {
      const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
      if (!match) return null;
      const [, id, signature] = match;
      const given = Buffer.from(signature, 'base64url');
      const expected = await mac(purpose, id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
