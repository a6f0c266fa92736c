/**
 * Files for their owner only. The SQLite database (with its -wal and -shm files) and every backup
 * hold the token key, sessions, password hashes and donor data: folders are made 0700 and files
 * 0600 as they are created, so they are never readable by others even for a moment, and ones
 * left by an older release are tightened when they are next opened.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** chmod, except on a path the process does not own (a shared folder an operator chose): said once, not fatal. */
function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    console.error(`files: could not make ${path} readable by its owner only (${(error as Error).message}); check its owner and mode`);
  }
}

/** The sticky bit: a folder every user writes into (/tmp), never the project's own. */
const STICKY = 0o1000;

/**
 * A folder (and any missing parents) for the owner only. An existing folder is tightened when it
 * is this user's own; a shared one (sticky, like /tmp, or another user's) is left as it is.
 */
export function ownerOnlyDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: OWNER_ONLY_DIR });
  const { mode, uid } = statSync(path);
  if ((mode & 0o7777) === OWNER_ONLY_DIR || mode & STICKY || uid !== process.getuid?.()) return;
  tighten(path, OWNER_ONLY_DIR);
}

/** The file, created empty if missing, for the owner only: a program then writing into it keeps the mode. */
export function ownerOnlyFile(path: string): void {
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  tighten(path, OWNER_ONLY_FILE);
}

/**
 * A SQLite database file and its folder for the owner only, before SQLite opens it. SQLite gives
 * the -wal and -shm files it creates the database file's own mode, so those follow; existing
 * ones are tightened here.
 */
export function ownerOnlyDatabase(path: string): void {
  ownerOnlyDir(dirname(path));
  ownerOnlyFile(path);
  for (const companion of [`${path}-wal`, `${path}-shm`, `${path}-journal`]) if (existsSync(companion)) tighten(companion, OWNER_ONLY_FILE);
}
