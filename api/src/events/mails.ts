/**
 * The mail a registrant receives, in the language they chose for it: the confirmation (with the
 * event's .ics and the one-click cancel link), the waiting-list notice, the "a place opened"
 * notice when the list moves them in, and the day-before reminder with Confirm / Cancel.
 */
import { eventIcs } from '../../../src/lib/events.ts';
import { eventDate, eventTime } from '../../../src/lib/i18n/event-clock.ts';
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { site } from '../../../src/lib/site.ts';
import { acknowledgement, hello } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { RegistrableEvent } from './catalogue.ts';
import type { RegistrationNeed } from './needs.ts';
import { needLabels } from './needs.ts';
import { DEFAULT_LANG } from '../../../src/lib/i18n/languages.ts';
import { answerIn, type StoredAnswer } from '../../../src/lib/registration-questions.ts';

export interface Registrant {
  name: string;
  email: string;
  party: number;
  needs: readonly RegistrationNeed[];
  /** The answers to the event's own questions, in English. */
  answers: readonly StoredAnswer[];
  mailLang: Lang;
}

/** The links a registrant's mail carries: one token, two pages (each asks for a press before it acts). */
export function registrationLinks(siteUrl: string, token: string, lang: Lang) {
  const page = (path: string) => `${siteUrl}${localizePath(path, lang)}?token=${token}#ready`;
  return { cancelUrl: page('/events/cancel'), attendUrl: page('/events/attend') };
}

function details(event: RegistrableEvent, who: Registrant): string[] {
  const lang = who.mailLang;
  const text = event.text[lang];
  const lines = [
    message(lang, 'mailEventDetails', {
      event: text.title,
      date: eventDate(text.date, lang),
      time: message(lang, 'mailEventTimeRange', { start: eventTime(text.date, lang), end: eventTime(text.endDate, lang) }),
      location: text.location,
      party: who.party,
    }),
  ];
  if (who.needs.length) lines.push(message(lang, 'mailEventNeeds', { needs: needLabels(who.needs, lang) }));
  // The choices the registrant picked, in their language. A written answer is not echoed back, as
  // no form's mail echoes what was typed: the form cannot mail anyone a text of someone else's.
  const english = event.questions[DEFAULT_LANG];
  const picked = who.answers.filter((stored) => english.find((question) => question.id === stored.id)?.choices?.includes(stored.answer));
  if (picked.length) {
    const answers = picked.map((stored) => answerIn(stored, english, event.questions[lang]));
    lines.push([message(lang, 'mailEventAnswers'), ...answers.map(({ question, answer }) => `${question} ${answer}`)].join('\n'));
  }
  return lines;
}

function calendarFile(event: RegistrableEvent, lang: Lang, siteUrl: string) {
  const text = event.text[lang];
  const content = eventIcs(text, { url: `${siteUrl}${localizePath(event.pagePath, lang)}`, domain: new URL(siteUrl).hostname, stamp: new Date().toISOString(), organisation: site.name });
  return [{ filename: `${event.id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content }];
}

export function confirmationMail(event: RegistrableEvent, who: Registrant, token: string, siteUrl: string, promoted = false): OutgoingMail {
  const lang = who.mailLang;
  const title = event.text[lang].title;
  const { cancelUrl } = registrationLinks(siteUrl, token, lang);
  const mail = acknowledgement(
    promoted ? 'event.promoted' : 'event.confirmation',
    who.email,
    message(lang, promoted ? 'mailEventPromotedSubject' : 'mailEventConfirmSubject', { event: title }),
    event.text[lang].contact.email,
    [hello(who.name, lang), message(lang, promoted ? 'mailEventPromotedBody' : 'mailEventConfirmBody'), ...details(event, who), message(lang, 'mailEventCalendar'), message(lang, 'mailEventCancel', { url: cancelUrl })],
    lang,
  );
  return { ...mail, attachments: calendarFile(event, lang, siteUrl) };
}

export function waitingMail(event: RegistrableEvent, who: Registrant, position: number, token: string, siteUrl: string): OutgoingMail {
  const lang = who.mailLang;
  const title = event.text[lang].title;
  const { cancelUrl } = registrationLinks(siteUrl, token, lang);
  return acknowledgement('event.waiting', who.email, message(lang, 'mailEventWaitSubject', { event: title }), event.text[lang].contact.email, [
    hello(who.name, lang),
    message(lang, 'mailEventWaitBody', { event: title, position }),
    message(lang, 'mailEventWaitLeave', { url: cancelUrl }),
  ], lang);
}

export function reminderMail(event: RegistrableEvent, who: Registrant, token: string, siteUrl: string): OutgoingMail {
  const lang = who.mailLang;
  const { cancelUrl, attendUrl } = registrationLinks(siteUrl, token, lang);
  return acknowledgement('event.reminder', who.email, message(lang, 'mailEventReminderSubject', { event: event.text[lang].title }), event.text[lang].contact.email, [
    hello(who.name, lang),
    message(lang, 'mailEventReminderBody'),
    ...details(event, who),
    message(lang, 'mailEventReminderConfirm', { url: attendUrl }),
    message(lang, 'mailEventCancel', { url: cancelUrl }),
  ], lang);
}
