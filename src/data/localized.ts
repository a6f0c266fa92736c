/**
 * Content in a visitor's language. A translation is the English entry's file under the
 * collection's language folder (same file name, same id); src/content.config.ts loads each
 * language into a sibling collection (`programs_fr`), which only this module names.
 *
 * Where a translation is missing the English entry stands in, marked `lang: 'en'`, so a page can
 * say so in the visitor's language instead of going empty or redirecting.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { collections } from '../content.config.ts';
import { DEFAULT_LANG, type Lang } from '../lib/i18n/languages.ts';

// English collection names only: the language siblings (`programs_fr`) are this module's business.
export type TranslatableCollection = Exclude<keyof typeof collections, `${string}_${string}`>;

/** An entry and the language its text is actually in (English when the translation is missing). */
export type LocalizedEntry<C extends TranslatableCollection> = CollectionEntry<C> & { lang: Lang };

// The sibling collection holds the same schema, so its entries have the English entry's shape.
function collectionIn(collection: TranslatableCollection, lang: Lang) {
  return (lang === DEFAULT_LANG ? collection : `${collection}_${lang}`) as TranslatableCollection;
}

/** Every entry of `collection` in `lang`, in the English collection's order, English where not translated. */
export async function entriesIn<C extends TranslatableCollection>(collection: C, lang: Lang): Promise<LocalizedEntry<C>[]> {
  const english = (await getCollection(collection)) as CollectionEntry<C>[];
  if (lang === DEFAULT_LANG) return english.map((entry) => ({ ...entry, lang }));
  const translated = new Map(((await getCollection(collectionIn(collection, lang))) as CollectionEntry<C>[]).map((entry) => [entry.id, entry]));
  return english.map((entry) => {
    const translation = translated.get(entry.id);
    return translation ? { ...translation, lang } : { ...entry, lang: DEFAULT_LANG };
  });
}

/** The entry in `lang`, or the English entry when it has no translation. */
export async function translationOf<C extends TranslatableCollection>(entry: CollectionEntry<C>, lang: Lang): Promise<LocalizedEntry<C>> {
  const collection = entry.collection.replace(/_[a-z]{2,3}$/, '') as C;
  const english = (await getEntry(collection, entry.id)) as CollectionEntry<C> | undefined;
  if (!english) throw new Error(`No English entry content/${collection}/${entry.id}`);
  if (lang === DEFAULT_LANG) return { ...english, lang };
  const translation = (await getEntry(collectionIn(collection, lang), entry.id)) as CollectionEntry<C> | undefined;
  return translation ? { ...translation, lang } : { ...english, lang: DEFAULT_LANG };
}
