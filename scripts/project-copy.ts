/**
 * A temporary copy of what the build reads, with node_modules linked rather than copied: the
 * bench builds the site at scale in one, and a test builds it with a fourth language in another,
 * so content/ and src/ are never touched.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export function projectCopy(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'project.inlang', 'content', 'public', 'src', 'scripts', 'api', 'deploy']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true, filter: (path) => !path.includes(`${join('api', 'node_modules')}`) });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
