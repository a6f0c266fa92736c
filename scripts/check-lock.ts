/**
 * CI's lock-file check, run after `npm install`: `node scripts/check-lock.ts <lock before>`.
 * Fails when the install changed what the committed package-lock.json records (a dependency
 * added to package.json without its lock entry, a locked version replaced, or a locked version's
 * integrity changed: the same version number with other bytes). Entries the install
 * only added as optional (platform binaries the registry began to serve for a locked version, which
 * npm records once it can fetch them) are reported and allowed: the registry growing is no defect.
 */
import { readFileSync } from 'node:fs';

interface LockEntry { version?: string; integrity?: string; optional?: boolean }
export type LockPackages = Record<string, LockEntry>;

export function lockDrift(before: LockPackages, after: LockPackages): { problems: string[]; addedOptional: string[] } {
  const problems: string[] = [];
  const addedOptional: string[] = [];
  for (const [path, entry] of Object.entries(before)) {
    const now = after[path];
    if (!now) problems.push(`removed: ${path}`);
    else if (now.version !== entry.version) problems.push(`changed: ${path} ${entry.version} -> ${now.version}`);
    // The same version with other bytes (a republished or substituted tarball), or its checksum dropped.
    else if (now.integrity !== entry.integrity) problems.push(`integrity changed: ${path}@${entry.version} ${entry.integrity ?? 'none'} -> ${now.integrity ?? 'none'}`);
  }
  for (const [path, entry] of Object.entries(after)) {
    if (path in before) continue;
    if (entry.optional) addedOptional.push(path);
    else problems.push(`added: ${path}@${entry.version}`);
  }
  return { problems, addedOptional };
}

if (import.meta.main) {
  const packagesOf = (file: string): LockPackages =>
    (JSON.parse(readFileSync(file, 'utf8')) as { packages: LockPackages }).packages;
  const { problems, addedOptional } = lockDrift(packagesOf(process.argv[2] ?? ''), packagesOf('package-lock.json'));
  if (addedOptional.length) {
    console.log(`lock: ${addedOptional.length} optional package(s) the registry now serves, allowed: ${addedOptional.join(', ')}`);
  }
  if (problems.length) {
    console.log(`lock: package-lock.json is out of date with package.json:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('lock: package-lock.json matches what was installed');
}
