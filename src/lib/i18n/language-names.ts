/**
 * Languages named in a page's language, from their ISO 639 codes, through Intl:
 * ['en', 'fr', 'am'] → 'English, French, and Amharic' / 'anglais, français et amharique' /
 * 'Kiingereza, Kifaransa na Kiamhari'.
 */
import { language, type Lang } from './languages.ts';

export function languageList(codes: readonly string[], lang: Lang): string {
  const tag = language(lang).intl;
  const names = new Intl.DisplayNames([tag], { type: 'language' });
  return new Intl.ListFormat(tag, { type: 'conjunction' }).format(codes.map((code) => names.of(code) ?? code));
}
