/**
 * The site-wide texts (tagline, description, keywords, office hours, blog name) in a language:
 * content/site.json in English, content/site.<lang>.json for the others. Everything else in the
 * site config (address, phone, links) is the same in every language and stays in `site`.
 */
import fr from '../../../content/site.fr.json' with { type: 'json' };
import sw from '../../../content/site.sw.json' with { type: 'json' };
import { site } from '../site.ts';
import type { Lang } from './languages.ts';

export interface SiteTexts {
  readonly tagline: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly officeHours: string;
  readonly blogName: string;
}

const TRANSLATED: Record<Exclude<Lang, 'en'>, SiteTexts> = { fr, sw };

export function siteTexts(lang: Lang): SiteTexts {
  if (lang === 'en') return { tagline: site.tagline, description: site.description, keywords: site.keywords, officeHours: site.officeHours, blogName: site.blogName };
  return TRANSLATED[lang];
}

/**
 * The office hours inside a sentence ("Call …, Monday-Friday …"): French writes them from a
 * lower-case letter after a comma or colon ("du lundi au vendredi"); English and Swahili day
 * names keep their capital.
 */
export function officeHoursInSentence(lang: Lang): string {
  const hours = siteTexts(lang).officeHours;
  return lang === 'fr' ? hours.charAt(0).toLowerCase() + hours.slice(1) : hours;
}
