/**
 * The password hashes the staff accounts store: Better Auth's scrypt (N=16384, r=16), or, where
 * the config sets `passwordHashCost`, scrypt at that N. Only the tests set it (it is never read
 * from the environment): at full cost one hash takes about 200 ms of a core, and a suite that
 * signs in a few hundred times spent most of its time hashing, 60 s and more on a loaded machine.
 *
 * A cheaper hash names its N (`scrypt-n16$<salt>:<key>`), so it is checked at the cost it was made
 * with and never mistaken for Better Auth's own `<salt>:<key>`, which is checked by Better Auth.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

const TAGGED = /^scrypt-n(\d+)\$([0-9a-f]+):([0-9a-f]+)$/;
const R = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r: R, p: 1, maxmem: 256 * n * R }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** `cost`: scrypt's N (a power of two) for new hashes; unset, Better Auth's own. */
export function passwordHashing(cost?: number): PasswordHashing {
  return {
    async hash(password) {
      if (!cost) return hashPassword(password);
      const salt = randomBytes(16).toString('hex');
      return `scrypt-n${cost}$${salt}:${(await derive(password, salt, cost)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const tagged = TAGGED.exec(hash);
      if (!tagged) return verifyPassword({ hash, password });
      const expected = Buffer.from(tagged[3]!, 'hex');
      const given = await derive(password, tagged[2]!, Number(tagged[1]));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
