/**
 * Where each form lands when it was sent without JavaScript (the API's redirect): one page per
 * form, all drawn by src/components/ThanksPage.astro from this table. The texts are the page
 * catalogues' (content/messages/pages/<lang>.json); the first paragraph is the form's own
 * success message, the one its island shows.
 */
import type { ComponentProps } from 'astro/types';
import type ResultLayout from '../layouts/ResultLayout.astro';
import { OFFICE_HOURS } from '../lib/constants.ts';
import { DEFAULT_LANG, type Lang } from '../lib/i18n/languages.ts';
import { officeHoursInSentence } from '../lib/i18n/site-text.ts';
import { localizePath, m } from '../lib/i18n/page.ts';
import { site } from '../lib/site.ts';

/** The result layout's texts (title, heading, description, crumb, eyebrow, lead), then the card's. */
export interface ThanksPageTexts extends Omit<ComponentProps<typeof ResultLayout>, 'narrow'> {
  cardTitle: string;
  paragraphs: readonly string[];
  /** The main next step, then the secondary one. */
  actions: readonly [{ href: string; label: string }, { href: string; label: string }];
}

export type ThanksForm = 'contact' | 'volunteer' | 'partnership' | 'newsletter' | 'giving' | 'eventRegistered' | 'eventWaitlisted';

export const THANKS_PAGES: Readonly<Record<ThanksForm, (lang: Lang) => ThanksPageTexts>> = {
  contact(lang) {
    const l = { locale: lang };
    // English keeps the spec's CONTACT_RESPONSE_PROMISE hours word for word.
    const hours = lang === DEFAULT_LANG ? OFFICE_HOURS : officeHoursInSentence(lang);
    return {
      title: m.contact_thanks_title({}, l),
      description: m.contact_thanks_description({ site: site.name }, l),
      crumbLabel: m.contact_thanks_crumb({}, l),
      eyebrow: m.contact_title({}, l),
      lead: m.contact_thanks_lead({}, l),
      cardTitle: m.contact_thanks_card_title({}, l),
      paragraphs: [m.contactSuccess({}, l), `${m.contact_thanks_promise({ hours }, l)} ${m.contact_thanks_copy({}, l)}`],
      actions: [
        { href: localizePath('/programs', lang), label: m.contact_thanks_programs({}, l) },
        { href: localizePath('/', lang), label: m.contact_thanks_home({}, l) },
      ],
    };
  },
  volunteer(lang) {
    const l = { locale: lang };
    return {
      title: m.volunteer_thanks_title({}, l),
      description: m.volunteer_thanks_description({ site: site.name }, l),
      crumbLabel: m.volunteer_thanks_crumb({}, l),
      eyebrow: m.volunteer_thanks_eyebrow({}, l),
      lead: m.volunteer_thanks_lead({}, l),
      cardTitle: m.volunteerSuccess({}, l),
      paragraphs: [m.getinvolved_response_promise({}, l), m.volunteer_thanks_copy({}, l)],
      actions: [
        { href: localizePath('/get-involved', lang), label: m.volunteer_thanks_again({}, l) },
        { href: localizePath('/events', lang), label: m.volunteer_thanks_events({}, l) },
      ],
    };
  },
  partnership(lang) {
    const l = { locale: lang };
    return {
      title: m.partnership_thanks_title({}, l),
      description: m.partnership_thanks_description({ site: site.name }, l),
      crumbLabel: m.partnership_thanks_crumb({}, l),
      eyebrow: m.partnership_thanks_eyebrow({}, l),
      lead: m.partnership_thanks_lead({}, l),
      cardTitle: m.partnershipSuccess({}, l),
      paragraphs: [m.partnership_thanks_promise({}, l), m.partnership_thanks_copy({}, l)],
      actions: [
        { href: localizePath('/impact', lang), label: m.partnership_thanks_impact({}, l) },
        { href: localizePath('/', lang), label: m.result_back_home({}, l) },
      ],
    };
  },
  newsletter(lang) {
    const l = { locale: lang };
    return {
      title: m.newsletter_thanks_title({}, l),
      heading: m.newsletter_thanks_heading({}, l),
      description: m.newsletter_thanks_description({}, l),
      crumbLabel: m.newsletter_thanks_crumb({}, l),
      eyebrow: m.newsletter_eyebrow({}, l),
      lead: m.newsletter_thanks_lead({}, l),
      cardTitle: m.newsletter_thanks_card_title({}, l),
      paragraphs: [m.newsletterCheckInbox({}, l), m.newsletter_thanks_link_days({}, l)],
      actions: [
        { href: localizePath('/blog', lang), label: m.newsletter_read_blog({}, l) },
        { href: localizePath('/', lang), label: m.result_back_home({}, l) },
      ],
    };
  },
  giving(lang) {
    const l = { locale: lang };
    return {
      title: m.giving_sent_title({}, l),
      description: m.giving_sent_description({}, l),
      crumbLabel: m.giving_sent_crumb({}, l),
      eyebrow: m.giving_title({}, l),
      lead: m.giving_sent_lead({}, l),
      cardTitle: m.giving_sent_card_title({}, l),
      paragraphs: [m.giving_sent_text({}, l), `${m.giving_help({}, l)} ${site.phoneDisplay}.`],
      actions: [
        { href: localizePath('/manage-giving', lang), label: m.giving_sent_again({}, l) },
        { href: localizePath('/', lang), label: m.result_back_home({}, l) },
      ],
    };
  },
  eventRegistered(lang) {
    const l = { locale: lang };
    return {
      title: m.event_registered_title({}, l),
      description: m.event_registered_lead({}, l),
      crumbLabel: m.event_registered_crumb({}, l),
      eyebrow: m.event_result_eyebrow({}, l),
      lead: m.event_registered_lead({}, l),
      cardTitle: m.event_registered_title({}, l),
      paragraphs: [m.eventRegistered({}, l), m.event_registered_copy({}, l)],
      actions: [
        { href: localizePath('/events', lang), label: m.event_back_events({}, l) },
        { href: localizePath('/', lang), label: m.result_back_home({}, l) },
      ],
    };
  },
  eventWaitlisted(lang) {
    const l = { locale: lang };
    return {
      title: m.event_waitlisted_title({}, l),
      description: m.event_waitlisted_lead({}, l),
      crumbLabel: m.event_waitlisted_crumb({}, l),
      eyebrow: m.event_result_eyebrow({}, l),
      lead: m.event_waitlisted_lead({}, l),
      cardTitle: m.event_waitlisted_card({}, l),
      // The place in the line comes first, from the page (src/components/events/WaitlistPlace.astro).
      paragraphs: [m.event_registered_copy({}, l)],
      actions: [
        { href: localizePath('/events', lang), label: m.event_back_events({}, l) },
        { href: localizePath('/', lang), label: m.result_back_home({}, l) },
      ],
    };
  },
};
