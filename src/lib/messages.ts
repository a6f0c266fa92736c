/**
 * The spec's visible messages (section 8), word for word, shared by pages, islands and the API.
 *
 * The texts live in the English interface catalogue, content/messages/en.json (French and Swahili
 * beside it; Paraglide compiles all three into typed message functions, see README "Languages").
 * This module reads the English catalogue directly rather than through the compiled functions, so
 * the API and scripts work without a compile step and a browser bundle carries no other language.
 */
import en from '../../content/messages/en.json' with { type: 'json' };

/** The catalogue's texts with a placeholder, which this module exposes as functions below. */
type Templates = 'pageNotFound' | 'noProgramsMatching' | 'newsletterSent' | 'donationTooLarge';

/**
 * The catalogue itself, not a copy: a copy would put every text twice into each island's
 * bundle. Its four texts with placeholders are left out of the type and used through the functions.
 */
export const MESSAGES: Readonly<Omit<typeof en, Templates>> = en;

/** Fills a catalogue text's `{name}` placeholders (the inlang message format Paraglide reads). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

export const pageNotFound = (path: string) => fill(en.pageNotFound, { path });
export const noProgramsMatching = (term: string) => fill(en.noProgramsMatching, { term });
export const newsletterSent = (count: number | undefined) => fill(en.newsletterSent, { count: count ?? 0 });
export const donationTooLarge = (max: string) => fill(en.donationTooLarge, { max });
