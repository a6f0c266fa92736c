/**
 * The spec's visible messages (section 8), word for word, shared by pages, islands and the API.
 *
 * The texts live in the English interface catalogue, content/messages/en.json (French and Swahili
 * beside it; Paraglide compiles all three into typed message functions, see README "Languages").
 * This module reads the English catalogue directly rather than through the compiled functions, so
 * the API and scripts work without a compile step and a browser bundle carries no other language.
 */
import en from '../../content/messages/en.json' with { type: 'json' };

export const MESSAGES = {
  newsletterFailure: en.newsletterFailure,
  programsLoadFailure: en.programsLoadFailure,
  donationNoAmount: en.donationNoAmount,
  donationCustomInvalid: en.donationCustomInvalid,
  imageUnavailable: en.imageUnavailable,
  contactSuccess: en.contactSuccess,
  contactFailure: en.contactFailure,
  contactNetwork: en.contactNetwork,
  volunteerFailure: en.volunteerFailure,
  partnershipFailure: en.partnershipFailure,
  unexpected: en.unexpected,
  eventNotFound: en.eventNotFound,
  noEvents: en.noEvents,
  postNotFound: en.postNotFound,
  postNotFoundDetail: en.postNotFoundDetail,
  noArticles: en.noArticles,
  noArticlesHint: en.noArticlesHint,
  noFaqs: en.noFaqs,
  adminLoginFailure: en.adminLoginFailure,
  noPrograms: en.noPrograms,
  errorDefault: en.errorDefault,
  // Form fields and API answers (field texts reuse the spec's sign-in wording).
  fieldRequired: en.fieldRequired,
  fieldEmail: en.fieldEmail,
  fieldTooLong: en.fieldTooLong,
  fieldChoice: en.fieldChoice,
  invalidInput: en.invalidInput,
  newsletterThankYou: en.newsletterThankYou,
  newsletterCheckInbox: en.newsletterCheckInbox,
  volunteerSuccess: en.volunteerSuccess,
  partnershipSuccess: en.partnershipSuccess,
  tooManyRequests: en.tooManyRequests,
  bodyTooLarge: en.bodyTooLarge,
  unsupportedType: en.unsupportedType,
  unsupportedEncoding: en.unsupportedEncoding,
  fieldCharacters: en.fieldCharacters,
  notAllowedMethod: en.notAllowedMethod,
  badEncoding: en.badEncoding,
  confirmDone: en.confirmDone,
  confirmInvalid: en.confirmInvalid,
  unsubscribeDone: en.unsubscribeDone,
  unsubscribeInvalid: en.unsubscribeInvalid,
} as const;

/** Fills a catalogue text's `{name}` placeholders (the inlang message format Paraglide reads). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

export const pageNotFound = (path: string) => fill(en.pageNotFound, { path });
export const noProgramsMatching = (term: string) => fill(en.noProgramsMatching, { term });
export const newsletterSent = (count: number | undefined) => fill(en.newsletterSent, { count: count ?? 0 });
export const donationTooLarge = (max: string) => fill(en.donationTooLarge, { max });
