/**
 * Content collections: what editors commit under content/, each with its folder and zod schema
 * (COLLECTIONS in src/lib/content-schemas.ts, so unit tests check the same map and types derive
 * from it). A schema error fails the build with the file and the field. Site-wide facts live in
 * content/site.json (validated by src/lib/site-config.ts).
 *
 * Translations live in per-language subfolders with the English file names
 * (content/programs/fr/early-learning.mdx translates content/programs/early-learning.mdx) and load
 * into a sibling collection per language with the same schema and the same ids: `programs_fr`,
 * `programs_sw`. The English collections keep only the folder's own files, so every English list
 * stays English. Read translations through src/data/localized.ts (entriesIn, translationOf), never
 * by the sibling collection's name.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import type { z } from 'zod';
import { TRANSLATED_LANGS, type DEFAULT_LANG, type Lang } from './lib/i18n/languages.ts';
import { COLLECTIONS, type CollectionName } from './lib/content-schemas.ts';

/** Each collection's config with its own schema's type, which the content types are inferred from. */
type Configs = { [K in CollectionName]: (typeof COLLECTIONS)[K]['schema'] extends infer S extends z.ZodType ? ReturnType<typeof defineCollection<S>> : never };

/**
 * The collections, each from its folder under content/ (or that folder's language subfolder).
 * Only the folder's own files, never its subfolders': the language subfolders are not English.
 */
function collectionsFrom(subfolder: string): Configs {
  const configs = Object.entries(COLLECTIONS).map(([name, { folder, files, schema }]) => [
    name,
    defineCollection({ loader: glob({ pattern: `*.${files}`, base: `./content/${folder}${subfolder}` }), schema }),
  ]);
  return Object.fromEntries(configs) as Configs;
}

type English = ReturnType<typeof collectionsFrom>;
type TranslatedLang = Exclude<Lang, typeof DEFAULT_LANG>;
/** `programs_fr`, `programs_sw`, …: the same schema as the English collection. */
type Translations = { [K in keyof English & string as `${K}_${TranslatedLang}`]: English[K] };

function translationsIn(lang: TranslatedLang) {
  return Object.fromEntries(Object.entries(collectionsFrom(`/${lang}`)).map(([name, config]) => [`${name}_${lang}`, config]));
}

export const collections = Object.assign(collectionsFrom(''), ...TRANSLATED_LANGS.map((lang) => translationsIn(lang as TranslatedLang))) as English &
  Translations;
