/**
 * Every public page is one route file under src/pages/[...lang]/, built once per language: the
 * optional `lang` segment is absent for English (`/about`) and the language code otherwise
 * (`/fr/about`, `/sw/about`). These helpers write that segment into getStaticPaths.
 */
import { DEFAULT_LANG, LANG_CODES, type Lang } from './languages.ts';

/** The `[...lang]` parameter for a language: undefined (no segment) for English. */
export function langParam(lang: Lang): string | undefined {
  return lang === DEFAULT_LANG ? undefined : lang;
}

/** getStaticPaths for a page without parameters of its own: one path per language. */
export function langPaths() {
  return LANG_CODES.map((lang) => ({ params: { lang: langParam(lang) } }));
}

interface StaticPath<Params, Props> {
  params: Params;
  props: Props;
}

/**
 * getStaticPaths for a page with parameters of its own (a program, a post, a tag page): the
 * page's paths for each language, with `lang` added to the params. `pathsFor` receives the
 * language, so it can hand the page its entry in that language (src/data/localized.ts).
 */
export async function inEveryLang<Params extends Record<string, string | undefined>, Props>(
  pathsFor: (lang: Lang) => Promise<readonly StaticPath<Params, Props>[]> | readonly StaticPath<Params, Props>[],
): Promise<StaticPath<Params & { lang: string | undefined }, Props>[]> {
  const perLang = await Promise.all(
    LANG_CODES.map(async (lang) => (await pathsFor(lang)).map(({ params, props }) => ({ params: { ...params, lang: langParam(lang) }, props }))),
  );
  return perLang.flat();
}
