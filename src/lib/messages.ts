/**
 * The spec's visible messages (section 8), word for word, shared by pages, islands and the API:
 * the names below over one interface catalogue (content/messages/<lang>.json; Paraglide compiles
 * the same files for the pages, see docs/languages.md).
 *
 * One module on the server and in the browser. In a browser the catalogue is the page's own
 * language (its <html lang>, en-US → en); elsewhere (the API, the build, scripts) it is English,
 * and the API translates its answers per visitor (src/lib/i18n/catalogue.ts). The catalogue is
 * imported by its language: Node reads that one file, and the bundler makes one chunk per
 * language, so a French page downloads the French texts and no other (an island's modules wait
 * for that chunk, so it hydrates with its words at hand).
 */
import type en from '../../content/messages/en.json';
import { catalogueMessages } from './catalogue-messages.ts';
import { DEFAULT_LANG, isLang } from './i18n/languages.ts';

const pageLang = typeof document === 'undefined' ? DEFAULT_LANG : document.documentElement.lang.split('-')[0];
const lang = pageLang && isLang(pageLang) ? pageLang : DEFAULT_LANG;
const catalogue = ((await import(`../../content/messages/${lang}.json`, { with: { type: 'json' } })) as { default: typeof en }).default;

export const { MESSAGES, pageNotFound, noProgramsMatching, newsletterSent, donationTooLarge } = catalogueMessages(catalogue);
