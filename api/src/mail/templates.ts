/**
 * The words of every message the API sends. Plain text first (it is what staff read and what
 * filters trust); a light HTML version for the visitor-facing ones. What the visitor receives
 * is in the language they used (the catalogues, content/messages/); staff notices stay in
 * English and say which language to answer in.
 */
import { AVAILABILITY_LABELS, VOLUNTEER_INTEREST_LABELS } from '../../../src/lib/constants.ts';
import { message, readContentJson } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, LANG_CODES, language, type Lang } from '../../../src/lib/i18n/languages.ts';
import { site } from '../../../src/lib/site.ts';
import { langOf, type ContactInput, type PartnershipInput, type VolunteerInput } from '../schemas.ts';
import type { OutgoingMail } from './outbox.ts';

const AUTO = { 'Auto-Submitted': 'auto-generated' };
const ACK = { 'Auto-Submitted': 'auto-replied' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function lines(pairs: Array<[string, string | undefined]>): string {
  return pairs.map(([label, value]) => `${label}: ${value && value.length ? value : '-'}`).join('\n');
}

function html(paragraphs: string[], lang: Lang): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1a14">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
}

const signature = `${site.name}\n${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}\n${site.phoneDisplay}`;

/** The office hours as each language's site file writes them (content/site.<code>.json). */
const OFFICE_HOURS = Object.fromEntries(
  LANG_CODES.map((code) => {
    if (code === DEFAULT_LANG) return [code, site.officeHours];
    return [code, readContentJson<{ officeHours?: string }>(`site.${code}.json`).officeHours ?? site.officeHours];
  }),
) as Readonly<Record<Lang, string>>;

function staffNotice(kind: string, to: string, subject: string, replyTo: string, body: string, lang: Lang = DEFAULT_LANG): OutgoingMail {
  // A visitor who wrote in another language is best answered in it.
  const answerIn = lang === DEFAULT_LANG ? '' : `\n\nThe sender used the site in ${language(lang).name} (${lang}): reply in that language if you can.`;
  return { kind, to, subject, replyTo, text: `${body}${answerIn}\n\nReply to this email to answer the sender.`, headers: AUTO };
}

/** The longest first name a greeting repeats. */
export const GREETING_NAME_MAX = 40;

/**
 * At most a first name for "Hello …,": the first word, only if it is made of letters (with
 * apostrophes, hyphens and dots inside names such as O'Neil or Jean-Luc), and cut to a fixed
 * length. A URL, an address, digits, line breaks or control characters leave the greeting
 * without a name, so an acknowledgement cannot carry a message of the sender's choosing.
 */
export function greetingName(raw: string): string {
  const first = raw.trim().split(/\s+/u)[0] ?? '';
  if (!/^\p{L}[\p{L}\p{M}'’-]*\.?$/u.test(first)) return '';
  return [...first].slice(0, GREETING_NAME_MAX).join('');
}

export const hello = (raw: string, lang: Lang) => {
  const name = greetingName(raw);
  return name ? message(lang, 'mailHello', { name }) : message(lang, 'mailHelloNoName');
};
const org = { org: site.name };

export function acknowledgement(kind: string, to: string, subject: string, replyTo: string, paragraphs: string[], lang: Lang): OutgoingMail {
  const all = [...paragraphs, signature];
  return { kind, to, subject, replyTo, text: all.join('\n\n'), html: html(all, lang), headers: ACK };
}

export function contactMails(input: ContactInput, staff: string): [OutgoingMail, OutgoingMail] {
  const lang = langOf(input);
  return [
    staffNotice(
      'contact.staff',
      staff,
      `Contact form: ${input.subject}`,
      input.email,
      lines([['Name', input.name], ['Email', input.email], ['Phone', input.phone], ['Subject', input.subject]]) + `\n\n${input.message}`,
      lang,
    ),
    // Acknowledgements carry no visitor-chosen text in the subject and at most a first name.
    acknowledgement('contact.ack', input.email, message(lang, 'mailContactAckSubject', org), site.mailboxes.info, [
      hello(input.name, lang),
      message(lang, 'mailContactAckBody', { hours: OFFICE_HOURS[lang] }),
      // The sender's text is not echoed back, so the form cannot be used to mail arbitrary text to anyone.
      message(lang, 'mailContactAckReply'),
    ], lang),
  ];
}

const labelled = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>) => values.map((v) => labels[v]).join(', ');

export function volunteerMails(input: VolunteerInput, staff: string): [OutgoingMail, OutgoingMail] {
  const name = `${input.firstName} ${input.lastName}`;
  const lang = langOf(input);
  return [
    staffNotice(
      'volunteer.staff',
      staff,
      `Volunteer application: ${name}`,
      input.email,
      lines([
        ['Name', name],
        ['Email', input.email],
        ['Phone', input.phone],
        ['Interests', labelled(input.interests, VOLUNTEER_INTEREST_LABELS)],
        ['Availability', labelled(input.availability, AVAILABILITY_LABELS)],
        ['Skills', input.skills],
      ]) + `\n\n${input.message ?? ''}`,
      lang,
    ),
    acknowledgement('volunteer.ack', input.email, message(lang, 'mailVolunteerAckSubject', org), site.mailboxes.volunteer, [
      hello(input.firstName, lang),
      message(lang, 'mailVolunteerAckBody', { ...org, promise: message(lang, 'volunteerResponsePromise') }),
    ], lang),
  ];
}

export function partnershipMails(input: PartnershipInput, staff: string): [OutgoingMail, OutgoingMail] {
  const lang = langOf(input);
  return [
    staffNotice(
      'partnership.staff',
      staff,
      `Partnership inquiry: ${input.companyName}`,
      input.email,
      lines([
        ['Company', input.companyName],
        ['Contact', input.contactName],
        ['Email', input.email],
        ['Phone', input.phone],
        ['Interests', input.partnershipInterest.join(', ')],
      ]) + `\n\n${input.message ?? ''}`,
      lang,
    ),
    acknowledgement('partnership.ack', input.email, message(lang, 'mailPartnershipAckSubject', org), site.mailboxes.partnerships, [
      hello(input.contactName, lang),
      message(lang, 'mailPartnershipAckBody', { ...org, promise: message(lang, 'partnershipResponsePromise') }),
    ], lang),
  ];
}

/** The confirmation's fixed parts in one language, put together once (every sign-up sends one). */
interface ConfirmParts {
  subject: string;
  textBefore: string;
  textAfter: string;
  htmlBefore: string;
  htmlAfter: string;
}

function confirmParts(lang: Lang): ConfirmParts {
  const asked = message(lang, 'mailConfirmAsked', org);
  const ignore = message(lang, 'mailConfirmIgnore');
  const hi = message(lang, 'mailHelloNoName');
  return {
    subject: message(lang, 'mailConfirmSubject', org),
    textBefore: [hi, `${asked} ${message(lang, 'mailConfirmOpenLink')}`].join('\n\n'),
    textAfter: [ignore, signature].join('\n\n'),
    htmlBefore: `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1a14"><p>${escapeHtml(hi)}</p><p>${escapeHtml(asked)}</p><p><a href="`,
    htmlAfter: `">${escapeHtml(message(lang, 'mailConfirmButton'))}</a></p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p></body></html>`,
  };
}

const CONFIRM = new Map<Lang, ConfirmParts>();

/**
 * The confirmation mail (in the subscriber's language, its link to the confirm page in that
 * language) and, for staff, the notice of a new address.
 */
export function newsletterMails(email: string, confirmUrl: string, unsubscribeUrl: string, staff: string, lang: Lang = DEFAULT_LANG): OutgoingMail[] {
  let parts = CONFIRM.get(lang);
  if (!parts) CONFIRM.set(lang, (parts = confirmParts(lang)));
  return [
    {
      kind: 'newsletter.confirm',
      to: email,
      subject: parts.subject,
      text: `${parts.textBefore}\n\n${confirmUrl}\n\n${parts.textAfter}`,
      html: `${parts.htmlBefore}${escapeHtml(confirmUrl)}${parts.htmlAfter}`,
      headers: { ...AUTO, 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    staffNotice('newsletter.staff', staff, `Newsletter signup: ${email}`, email, `${email} asked to join the newsletter. They receive broadcasts once they confirm.`, lang),
  ];
}
