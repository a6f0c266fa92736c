/**
 * The tests' cheaper password hashes (auth/password-hash.ts) are checked at the cost they name,
 * and Better Auth's own hashes, as production stores them, are still checked by Better Auth.
 */
import { hashPassword } from 'better-auth/crypto';
import { expect, test } from 'vitest';
import { passwordHashing } from '../src/auth/password-hash.ts';

test('a hash at a lower cost names it and checks the password', async () => {
  const cheap = passwordHashing(16);
  const hash = await cheap.hash('Jamii#Moja1');
  expect(hash).toMatch(/^scrypt-n16\$[0-9a-f]{32}:[0-9a-f]{128}$/);
  expect(await cheap.verify({ hash, password: 'Jamii#Moja1' })).toBe(true);
  expect(await cheap.verify({ hash, password: 'Jamii#Moja2' })).toBe(false);
  // A process at full cost still checks it at the cost it was made with.
  expect(await passwordHashing().verify({ hash, password: 'Jamii#Moja1' })).toBe(true);
});

test('without a cost the hash is Better Auth’s own, and either hashing checks it', async () => {
  const hash = await passwordHashing().hash('Jamii#Moja1');
  expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  const stored = await hashPassword('Harambee#2099');
  for (const hashing of [passwordHashing(), passwordHashing(16)]) {
    expect(await hashing.verify({ hash: stored, password: 'Harambee#2099' })).toBe(true);
    expect(await hashing.verify({ hash: stored, password: 'Harambee#2098' })).toBe(false);
  }
});
