/**
 * Paths per language: English pages keep their unprefixed path (`/about`), the others put their
 * code in front (`/fr/about`, `/fr` for the home page). Paths have no trailing slash
 * (astro.config `trailingSlash: 'never'`); a query or fragment is kept as it is.
 */
import { DEFAULT_LANG, isLang, type Lang } from './languages.ts';

function split(path: string): [pathname: string, rest: string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

/** The language a path is in: its first segment when that is a language code, else English. */
export function langOfPath(path: string): Lang {
  const first = split(path)[0].split('/')[1];
  return isLang(first) ? first : DEFAULT_LANG;
}

/** The same page's English path: `/fr/about` → `/about`, `/sw` → `/`. */
export function englishPath(path: string): string {
  const [pathname, rest] = split(path);
  const lang = langOfPath(pathname);
  if (lang === DEFAULT_LANG) return path;
  return (pathname.slice(lang.length + 1) || '/') + rest;
}

/** The same page in `lang`: `/about` → `/fr/about`, `/` → `/fr`, `/fr/about` → `/sw/about`. */
export function localizePath(path: string, lang: Lang): string {
  const [pathname, rest] = split(englishPath(path));
  if (lang === DEFAULT_LANG) return pathname + rest;
  return (pathname === '/' ? `/${lang}` : `/${lang}${pathname}`) + rest;
}
