/**
 * Newsletter confirm and unsubscribe tokens: `<subscriber id>[.<issued>].<HMAC-SHA256>`, so one
 * cannot be guessed from an address or turned into the other. A confirm token carries the time
 * it was made (base-36 milliseconds, signed with the rest): it confirms for CONFIRM_TOKEN_DAYS
 * and only while it is the address's newest link. Unsubscribe tokens carry no time and keep
 * working. The key is SECRET_KEY, or a random key created once and kept in the database (shared
 * by every instance).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { storedSecret } from './db/app-secrets.ts';
import type { Database } from './db/index.ts';

/** `registration`: an event registration's cancel and confirm links (api/src/events). */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'registration';

/** How long a confirmation link confirms. */
export const CONFIRM_TOKEN_DAYS = 7;

export interface VerifiedToken {
  id: string;
  /** When a confirm token was made (ms since the epoch); undefined for unsubscribe tokens. */
  issuedAt?: number;
}

export interface TokenSigner {
  /** Loads (or creates) the key; done at start so signing inside a transaction needs no query. */
  init(): Promise<void>;
  /** `issuedAt` (ms) goes into confirm tokens; unsubscribe tokens ignore it. */
  sign(purpose: TokenPurpose, id: string, issuedAt?: number): Promise<string>;
  /** What the token was made for, or null if it was not made with our key for this purpose. */
  verify(purpose: TokenPurpose, token: string): Promise<VerifiedToken | null>;
}

const SECRET_NAME = 'newsletter-token-key';

/** HMAC-SHA256 of messages under one key. */
function hmacSha256(secret: string): (message: string) => Buffer {
  return (message) => createHmac('sha256', secret).update(message).digest();
}

export function createTokenSigner(db: Kysely<Database>, secretKey?: string): TokenSigner {
  // Once loaded the key is kept as it is, so signing in a request's transaction awaits nothing.
  let loaded: ((message: string) => Buffer) | undefined = secretKey ? hmacSha256(secretKey) : undefined;
  let key: Promise<(message: string) => Buffer> | undefined = loaded ? Promise.resolve(loaded) : undefined;
  const getKey = () => (key ??= storedSecret(db, SECRET_NAME).then(
    (value) => (loaded = hmacSha256(value)),
    (error) => {
      key = undefined;
      throw error;
    },
  ));
  const mac = (message: string) => (loaded === undefined ? getKey().then((hmac) => hmac(message).subarray(0, 24)) : loaded(message).subarray(0, 24));
  const message = (purpose: TokenPurpose, id: string, issued?: string) => (issued === undefined ? `${purpose}:${id}` : `${purpose}:${id}:${issued}`);

  return {
    async init() {
      await getKey();
    },
    async sign(purpose, id, issuedAt = Date.now()) {
      const issued = purpose === 'confirm' ? Math.floor(issuedAt).toString(36) : undefined;
      const signature = (await mac(message(purpose, id, issued))).toString('base64url');
      return issued === undefined ? `${id}.${signature}` : `${id}.${issued}.${signature}`;
    },
    async verify(purpose, token) {
      const pattern = purpose === 'confirm' ? /^([0-9a-f-]{36})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{32})$/ : /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/;
      const match = pattern.exec(token.trim());
      if (!match) return null;
      const id = match[1]!;
      const issued = purpose === 'confirm' ? match[2] : undefined;
      const given = Buffer.from(match[match.length - 1]!, 'base64url');
      const expected = await mac(message(purpose, id, issued));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return issued === undefined ? { id } : { id, issuedAt: parseInt(issued, 36) };
    },
  };
}
