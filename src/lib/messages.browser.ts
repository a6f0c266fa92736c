/**
 * src/lib/messages.ts as a browser gets it: astro.config.mjs puts this module in its place in
 * client bundles. It exports the same names over the page's own interface catalogue, so a French
 * or Swahili page never downloads the English texts, and the shared schemas word their field
 * errors in the page's language. The page's language is its <html lang> (en-US → en); Vite
 * splits the catalogues into one chunk per language, and a module importing this one waits for
 * its page's chunk, so an island hydrates with its words at hand. On English pages, staff pages
 * included, it is the English catalogue, as on the server.
 */
import { catalogueMessages, type Catalogue } from './catalogue-messages.ts';

const CATALOGUES = import.meta.glob<Catalogue>('../../content/messages/*.json', { import: 'default' });
const fileOf = (lang: string) => `../../content/messages/${lang}.json`;
const load = CATALOGUES[fileOf(document.documentElement.lang.split('-')[0] ?? '')] ?? CATALOGUES[fileOf('en')]!;

export const { MESSAGES, pageNotFound, noProgramsMatching, newsletterSent, donationTooLarge } = catalogueMessages(await load());
