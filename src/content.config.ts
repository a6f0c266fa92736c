/**
 * Content collections: what editors commit under content/, each with a zod schema (all of them
 * in src/lib/content-schemas.ts, so unit tests can check them and types derive from them). A schema error fails the
 * build with the file and the field. Site-wide facts live in content/site.json (validated by
 * src/lib/site-config.ts).
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
import { TRANSLATED_LANGS, type DEFAULT_LANG, type Lang } from './lib/i18n/languages.ts';
import {
  blogPostSchema,
  careersSchema,
  eventSchema,
  faqSchema,
  gallerySchema,
  guideSchema,
  homeSchema,
  legalSchema,
  plannedGivingSchema,
  programSchema,
  staffSchema,
  testimonialSchema,
  valueSchema,
  volunteerOpportunitySchema,
} from './lib/content-schemas.ts';

// Only the folder's own files (`*.json`, not `**/*.json`): the language subfolders are not English.
const json = (folder: string) => glob({ pattern: '*.json', base: `./content/${folder}` });
const mdx = (folder: string) => glob({ pattern: '*.mdx', base: `./content/${folder}` });

/** The collections, each from its folder under content/ (or that folder's language subfolder). */
function collectionsFrom(subfolder: string) {
  return {
    events: defineCollection({ loader: json(`events${subfolder}`), schema: eventSchema }),
    blog: defineCollection({ loader: mdx(`blog${subfolder}`), schema: blogPostSchema }),
    faq: defineCollection({ loader: json(`faq${subfolder}`), schema: faqSchema }),
    programs: defineCollection({ loader: mdx(`programs${subfolder}`), schema: programSchema }),
    staff: defineCollection({ loader: json(`staff${subfolder}`), schema: staffSchema }),
    values: defineCollection({ loader: json(`values${subfolder}`), schema: valueSchema }),
    testimonials: defineCollection({ loader: json(`testimonials${subfolder}`), schema: testimonialSchema }),
    home: defineCollection({ loader: json(`home${subfolder}`), schema: homeSchema }),
    volunteerOpportunities: defineCollection({ loader: json(`volunteer-opportunities${subfolder}`), schema: volunteerOpportunitySchema }),
    plannedGiving: defineCollection({ loader: json(`planned-giving${subfolder}`), schema: plannedGivingSchema }),
    careers: defineCollection({ loader: json(`careers${subfolder}`), schema: careersSchema }),
    gallery: defineCollection({ loader: json(`gallery${subfolder}`), schema: gallerySchema }),
    guides: defineCollection({ loader: mdx(`guides${subfolder}`), schema: guideSchema }),
    legal: defineCollection({ loader: mdx(`legal${subfolder}`), schema: legalSchema }),
  };
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
