/**
 * The spec's visible messages (section 8), word for word, shared by pages, islands and the API.
 *
 * The texts live in the English interface catalogue, content/messages/en.json (French and Swahili
 * beside it; Paraglide compiles all three into typed message functions, see README "Languages").
 * This module reads the English catalogue directly rather than through the compiled functions, so
 * the API and scripts work without a compile step and a browser bundle carries no other language.
 */
import en from '../../content/messages/en.json' with { type: 'json' };
import { catalogueMessages } from './catalogue-messages.ts';

export const { MESSAGES, pageNotFound, noProgramsMatching, newsletterSent, donationTooLarge } = catalogueMessages(en);
