/**
 * A temporary copy of what the build reads, with node_modules linked rather than copied: the
 * bench builds the site at scale in one, and a test builds it with a fourth language in another,
 * so content/ and src/ are never touched.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * The caches a build in a copy keeps for itself, as environment variables for its build: its
 * node_modules is the project's, and builds of two copies at once must share neither Astro's
 * content store nor the rewrite and brotli caches.
 */
export const copyCaches = (dir: string) => ({ ASTRO_CACHE_DIR: join(dir, '.astro-cache'), BROTLI_CACHE_DIR: join(dir, '.brotli-cache'), REWRITE_CACHE_DIR: join(dir, '.rewrite-cache') });

export function projectCopy(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'project.inlang', 'content', 'public', 'src', 'scripts', 'api', 'deploy']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true, filter: (path) => !path.includes(`${join('api', 'node_modules')}`) });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
