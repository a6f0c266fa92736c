/**
 * The names src/lib/messages.ts exports, made over one interface catalogue, and the one filler of
 * `{name}` placeholders. Apart from messages.ts because the API's per-language reader
 * (i18n/catalogue.ts) uses the filler without loading a catalogue of the page.
 */
import type en from '../../content/messages/en.json';

export type Catalogue = typeof en;

/** The catalogue's texts with a placeholder, exposed as functions below. */
type Templates = 'pageNotFound' | 'noProgramsMatching' | 'newsletterSent' | 'donationTooLarge';

/**
 * Fills a catalogue text's `{name}` placeholders (the inlang message format Paraglide reads); a
 * placeholder without a value stays as written. The one filler for every catalogue reader: the
 * API's (i18n/catalogue.ts), the islands' (form-kit/texts.ts) and the functions below.
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function catalogueMessages(catalogue: Catalogue) {
  return {
    /**
     * The catalogue itself, not a copy: a copy would put every text twice into each island's
     * bundle. Its four texts with placeholders are left out of the type and used through the functions.
     */
    MESSAGES: catalogue as Readonly<Omit<Catalogue, Templates>>,
    pageNotFound: (path: string) => fill(catalogue.pageNotFound, { path }),
    noProgramsMatching: (term: string) => fill(catalogue.noProgramsMatching, { term }),
    newsletterSent: (count: number | undefined) => fill(catalogue.newsletterSent, { count: count ?? 0 }),
    donationTooLarge: (max: string) => fill(catalogue.donationTooLarge, { max }),
  };
}
