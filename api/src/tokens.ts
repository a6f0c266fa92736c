/**
 * Newsletter confirm and unsubscribe tokens: `<subscriber id>[.<issued>].<HMAC-SHA256>`, so one
 * cannot be guessed from an address or turned into the other. A confirm token carries the time
 * it was made (base-36 milliseconds, signed with the rest): it confirms for CONFIRM_TOKEN_DAYS
 * and only while it is the address's newest link. Unsubscribe tokens carry no time and keep
 * working. The key is SECRET_KEY, or a random key created once and kept in the database (shared
 * by every instance).
 */
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { storedSecret } from './db/app-secrets.ts';
import type { Database } from './db/index.ts';

export type TokenPurpose = 'confirm' | 'unsubscribe';

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

/**
 * HMAC-SHA256 (RFC 2104) of messages under one key, the same bytes as `createHmac`. The key's two
 * padded blocks are made once and each message is hashed with the one-shot `hash()` (two calls,
 * no Hash or Hmac object to create), which a sign-up's two links pay for on every request.
 */
export function hmacSha256(secret: string): (message: string) => Buffer {
  const BLOCK = 64;
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
  const padded = (byte: number, room: number) => {
    const block = Buffer.alloc(BLOCK + room, 0);
    block.fill(byte, 0, BLOCK);
    for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ byte;
    return block;
  };
  // The inner pad followed by room for a message (tokens sign ~60 bytes); the outer pad followed
  // by the inner digest. Reused: the function runs to its end before anything else can.
  const inner = padded(0x36, 256);
  const outer = padded(0x5c, 32);
  return (message) => {
    let input: Buffer;
    // At most 3 UTF-8 bytes per UTF-16 unit: a message this short fits in the room.
    if (message.length * 3 <= inner.length - BLOCK) {
      const length = inner.write(message, BLOCK, 'utf8');
      input = inner.subarray(0, BLOCK + length);
    } else {
      input = Buffer.concat([inner.subarray(0, BLOCK), Buffer.from(message, 'utf8')]);
    }
    hash('sha256', input, 'buffer').copy(outer, BLOCK);
    return hash('sha256', outer, 'buffer');
  };
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
