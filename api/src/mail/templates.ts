/**
 * The words of every message the API sends. Plain text first (it is what staff read and what
 * filters trust); a light HTML version for the visitor-facing ones.
 */
import {
  AVAILABILITY_LABELS,
  PARTNERSHIP_RESPONSE_PROMISE,
  VOLUNTEER_INTEREST_LABELS,
  VOLUNTEER_RESPONSE_PROMISE,
} from '../../../src/lib/constants.ts';
import { site } from '../../../src/lib/site.ts';
import type { ContactInput, PartnershipInput, VolunteerInput } from '../schemas.ts';
import type { OutgoingMail } from './outbox.ts';

const AUTO = { 'Auto-Submitted': 'auto-generated' };
const ACK = { 'Auto-Submitted': 'auto-replied' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function lines(pairs: Array<[string, string | undefined]>): string {
  return pairs.map(([label, value]) => `${label}: ${value && value.length ? value : '-'}`).join('\n');
}

function html(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1a14">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
}

const signature = `${site.name}\n${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}\n${site.phoneDisplay}`;

function staffNotice(kind: string, to: string, subject: string, replyTo: string, body: string): OutgoingMail {
  return { kind, to, subject, replyTo, text: `${body}\n\nReply to this email to answer the sender.`, headers: AUTO };
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

const hello = (raw: string) => {
  const name = greetingName(raw);
  return name ? `Hello ${name},` : 'Hello,';
};

function acknowledgement(kind: string, to: string, subject: string, replyTo: string, paragraphs: string[]): OutgoingMail {
  const all = [...paragraphs, signature];
  return { kind, to, subject, replyTo, text: all.join('\n\n'), html: html(all), headers: ACK };
}

export function contactMails(input: ContactInput, staff: string): [OutgoingMail, OutgoingMail] {
  return [
    staffNotice(
      'contact.staff',
      staff,
      `Contact form: ${input.subject}`,
      input.email,
      lines([['Name', input.name], ['Email', input.email], ['Phone', input.phone], ['Subject', input.subject]]) + `\n\n${input.message}`,
    ),
    // Acknowledgements carry no visitor-chosen text in the subject and at most a first name.
    acknowledgement('contact.ack', input.email, `We received your message to ${site.name}`, site.mailboxes.info, [
      hello(input.name),
      `Thank you for your message! We will get back to you soon. Our office hours are ${site.officeHours}.`,
      // The sender's text is not echoed back, so the form cannot be used to mail arbitrary text to anyone.
      `If you need to add anything, reply to this email.`,
    ]),
  ];
}

const labelled = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>) => values.map((v) => labels[v]).join(', ');

export function volunteerMails(input: VolunteerInput, staff: string): [OutgoingMail, OutgoingMail] {
  const name = `${input.firstName} ${input.lastName}`;
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
    ),
    acknowledgement('volunteer.ack', input.email, `Thank you for applying to volunteer with ${site.name}`, site.mailboxes.volunteer, [
      hello(input.firstName),
      `Thank you for applying to volunteer with ${site.name}! ${VOLUNTEER_RESPONSE_PROMISE}`,
    ]),
  ];
}

export function partnershipMails(input: PartnershipInput, staff: string): [OutgoingMail, OutgoingMail] {
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
    ),
    acknowledgement('partnership.ack', input.email, `Your partnership inquiry to ${site.name}`, site.mailboxes.partnerships, [
      hello(input.contactName),
      `Thank you for your interest in partnering with ${site.name}. ${PARTNERSHIP_RESPONSE_PROMISE}`,
    ]),
  ];
}

// The confirmation's fixed parts, put together once (every sign-up sends one).
const CONFIRM_SUBJECT = `Please confirm your subscription to the ${site.name} newsletter`;
const CONFIRM_TEXT_BEFORE = ['Hello,', `Someone (hopefully you) asked to receive the ${site.name} newsletter at this address. To confirm, open this link:`].join('\n\n');
const CONFIRM_TEXT_AFTER = ['If you did not ask for it, ignore this email and you will hear nothing more from us.', signature].join('\n\n');
const CONFIRM_HTML_BEFORE = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1a14"><p>Hello,</p><p>Someone (hopefully you) asked to receive the ${escapeHtml(site.name)} newsletter at this address.</p><p><a href="`;
const CONFIRM_HTML_AFTER = `">Confirm my subscription</a></p><p>If you did not ask for it, ignore this email and you will hear nothing more from us.</p><p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p></body></html>`;

export function newsletterMails(email: string, confirmUrl: string, unsubscribeUrl: string, staff: string): OutgoingMail[] {
  return [
    {
      kind: 'newsletter.confirm',
      to: email,
      subject: CONFIRM_SUBJECT,
      text: `${CONFIRM_TEXT_BEFORE}\n\n${confirmUrl}\n\n${CONFIRM_TEXT_AFTER}`,
      html: `${CONFIRM_HTML_BEFORE}${escapeHtml(confirmUrl)}${CONFIRM_HTML_AFTER}`,
      headers: { ...AUTO, 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    staffNotice('newsletter.staff', staff, `Newsletter signup: ${email}`, email, `${email} asked to join the newsletter. They receive broadcasts once they confirm.`),
  ];
}
