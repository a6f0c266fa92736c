/**
 * Backup codes people can read off paper and type on a phone: ten characters from an alphabet
 * without look-alikes (no 0/O, 1/I/L, and upper case only, so no l or o either), shown as
 * XXXXX-XXXXX, and accepted with or without the dash, with spaces, in any case. Codes made before
 * this alphabet (Better Auth's mixed-case ones) keep working: a typed code is matched against
 * the member's own codes by its letters and digits alone, and the stored code is what Better
 * Auth is handed to check and use up.
 */
import { randomInt } from 'node:crypto';

export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

export function generateBackupCodes(amount: number): string[] {
  return Array.from({ length: amount }, () => {
    const code = Array.from({ length: LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A code as compared: its letters and digits, upper case. */
export const canonicalBackupCode = (code: string) => code.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** The member's stored code the typed one stands for, or the typed one as it is (which then fails). */
export function storedBackupCode(typed: string, stored: string[]): string {
  const wanted = canonicalBackupCode(typed);
  return stored.find((code) => canonicalBackupCode(code) === wanted) ?? typed;
}
