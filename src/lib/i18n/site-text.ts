/**
 * content/site.json in a language: the organisation's facts stay as they are, its texts
 * (tagline, description, keywords, office hours, blog name) come from content/site.<code>.json.
 */
import type { SITE_TEXT_KEYS, SiteConfig } from '../site-config.ts';
import { site } from '../site.ts';
import { DEFAULT_LANG, type Lang } from './languages.ts';

type SiteTexts = Partial<Pick<SiteConfig, (typeof SITE_TEXT_KEYS)[number]>>;

// Every content/site.<code>.json, so a new language needs no new import here.
const translations = import.meta.glob<SiteTexts>('../../../content/site.*.json', { eager: true, import: 'default' });

export function siteIn(lang: Lang): SiteConfig {
  if (lang === DEFAULT_LANG) return site;
  const texts = translations[`../../../content/site.${lang}.json`];
  if (!texts) throw new Error(`content/site.${lang}.json is missing`);
  return { ...site, ...texts };
}

/**
 * The office hours inside a sentence ("Call …, Monday-Friday …"): French writes them from a
 * lower-case letter after a comma or colon ("du lundi au vendredi"); English and Swahili day
 * names keep their capital.
 */
export function officeHoursInSentence(lang: Lang): string {
  const hours = siteIn(lang).officeHours;
  return lang === 'fr' ? hours.charAt(0).toLowerCase() + hours.slice(1) : hours;
}
