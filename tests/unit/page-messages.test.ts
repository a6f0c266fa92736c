/**
 * The pages' interface texts in every language: a sample of the catalogue keys the page
 * components use, rendered through the compiled message functions, with the expected texts
 * pinned here (English word for word as the pages showed it before the texts moved into
 * content/messages/). How a component finds its language, and the small helpers pages share.
 */
import { describe, expect, it } from 'vitest';
import { pageLang } from '../../src/lib/i18n/page-lang.ts';
import { officeHoursInSentence, siteIn } from '../../src/lib/i18n/site-text.ts';
import { countInWords, countInWordsCapitalised } from '../../src/lib/count-words.ts';
import { programCategoryLabel } from '../../src/lib/i18n/category-labels.ts';
import { m as messages } from '../../src/paraglide/messages.js';

type Message = (inputs?: Record<string, unknown>, options?: { locale?: string }) => string;
// The unit project's global setup compiled the catalogues as they are now (compile-messages-setup.ts).
const m = messages as unknown as Record<string, Message>;

const say = (key: string, lang: string, inputs: Record<string, unknown> = {}) => m[key]!(inputs, { locale: lang });

describe('a page finds its language', () => {
  it("from Astro's currentLocale, English for anything else", () => {
    expect(pageLang({ currentLocale: 'fr' })).toBe('fr');
    expect(pageLang({ currentLocale: 'sw' })).toBe('sw');
    expect(pageLang({ currentLocale: 'en' })).toBe('en');
    expect(pageLang({ currentLocale: undefined })).toBe('en');
    expect(pageLang({ currentLocale: 'de' })).toBe('en');
    expect(pageLang({})).toBe('en');
  });
});

describe('home page texts', () => {
  it('English exactly as before', () => {
    expect(say('home_title', 'en')).toBe('Home');
    expect(say('home_hero_since', 'en', { year: 2025, city: 'Grapevine' })).toBe('Since 2025 · Grapevine, Texas');
    expect(say('home_mission_title', 'en')).toBe('Helping families thrive in their new home');
    expect(say('home_pillars_intro', 'en', { count: 'Five' })).toBe('Five programs, organised around what families tell us matters most.');
    expect(say('home_carousel_slide_label', 'en', { number: 1, total: 4, title: 'A community that welcomes' })).toBe('1 of 4: A community that welcomes');
    expect(say('home_newsletter_text', 'en')).toBe(
      'Stories from our families, upcoming events and ways to help, in your inbox once a month. No spam, and you can unsubscribe at any time.',
    );
  });
  it('French and Swahili', () => {
    expect(say('home_title', 'fr')).toBe('Accueil');
    expect(say('home_title', 'sw')).toBe('Nyumbani');
    expect(say('home_hero_get_involved', 'fr')).toBe('S’engager');
    expect(say('home_hero_get_involved', 'sw')).toBe('Shiriki Nasi');
    expect(say('home_carousel_slide_label', 'fr', { number: 2, total: 4, title: 'X' })).toBe('2 sur 4\u00a0: X');
    expect(say('home_pillars_see_all', 'sw', { count: '5' })).toBe('Angalia mipango yote 5');
  });
});

describe('programs texts', () => {
  it('English exactly as before', () => {
    expect(say('programs_hero_lead', 'en', { count: 'Five' })).toBe(
      "Five programs, one welcome. From a child's first books to a parent's first credit card, we walk beside families at every step of a new life in North Texas.",
    );
    expect(say('programs_category_title', 'en', { category: 'Early Learning' })).toBe('Early Learning programs');
    expect(say('program_status_upcoming', 'en')).toBe('Upcoming');
    expect(say('program_involved_hours', 'en', { hours: 'Monday-Friday' })).toBe('Our office hours are Monday-Friday.');
  });
  it('French and Swahili, with the glossary terms', () => {
    expect(say('programs_cta_title', 'fr')).toBe('Vous ne savez pas par où commencer\u00a0?');
    expect(say('program_status_active', 'sw')).toBe('Unaendelea');
    expect(say('program_partners_link', 'fr')).toBe('Découvrir les partenariats d’entreprise');
    expect(programCategoryLabel('Financial Security', 'fr')).toBe('Sécurité financière');
    expect(programCategoryLabel('Early Learning', 'sw')).toBe('Elimu ya Awali');
    expect(programCategoryLabel('Mental Health', 'en')).toBe('Mental Health');
    expect(programCategoryLabel('Not a category', 'fr')).toBe('Not a category');
  });
});

describe('get-involved texts', () => {
  it('English exactly as before, the spec promise word for word', () => {
    expect(say('getinvolved_response_promise', 'en')).toBe('Our volunteer coordinator will contact you within 5 business days.');
    expect(say('getinvolved_donate_intro', 'en', { site: 'SIPA', status: '501(c)(3)', ein: '00-0000000' })).toBe(
      'SIPA is a 501(c)(3) nonprofit (EIN 00-0000000). Your gift is tax-deductible to the extent allowed by law.',
    );
    expect(say('giving_notes_monthly', 'en', { amount: '$25' })).toBe('Give $25 or more a month and join our Monthly Giving Circle.');
  });
  it('French and Swahili keep the numbers', () => {
    expect(say('getinvolved_response_promise', 'fr')).toBe('Notre responsable des bénévoles vous contactera dans les 5 jours ouvrables.');
    expect(say('getinvolved_response_promise', 'sw')).toBe('Mratibu wetu wa wajitolea atawasiliana nawe ndani ya siku 5 za kazi.');
    expect(say('getinvolved_opportunities_intro', 'sw')).toContain('miaka 18');
  });
});

describe('events texts', () => {
  it('English exactly as before, dates and times as src/lib/events.ts writes them', async () => {
    const { eventDate, eventTimeRange } = await import('../../src/lib/i18n/event-format.ts');
    expect(eventDate('2026-12-05T10:00:00-06:00', 'en')).toBe('Saturday, December 5, 2026');
    expect(eventTimeRange('2026-12-05T10:00:00-06:00', '2026-12-05T14:30:00-06:00', 'en')).toBe('10:00 AM – 2:30 PM CT');
    expect(say('event_joined', 'en', { count: '250' })).toBe('About 250 guests joined us. Thank you to everyone who came.');
    expect(say('event_back', 'en')).toBe('Back to Events');
  });
  it('French and Swahili, with the glossaries’ clocks and category names', async () => {
    const { eventDate, eventTimeRange } = await import('../../src/lib/i18n/event-format.ts');
    const { eventCategoryLabel } = await import('../../src/lib/i18n/category-labels.ts');
    expect(eventDate('2026-12-05T10:00:00-06:00', 'fr')).toBe('samedi 5 décembre 2026');
    expect(eventDate('2026-12-05T10:00:00-06:00', 'sw')).toBe('Jumamosi, 5 Desemba 2026');
    expect(eventTimeRange('2026-12-05T10:00:00-06:00', '2026-12-05T18:30:00-06:00', 'fr')).toBe('de 10\u00a0h à 18\u00a0h\u00a030 (heure du Texas)');
    expect(eventTimeRange('2026-12-05T09:00:00-06:00', '2026-12-05T17:00:00-06:00', 'sw')).toBe('9:00 asubuhi hadi 5:00 jioni (saa za Texas)');
    expect(eventTimeRange('2026-12-05T12:00:00-06:00', '2026-12-05T20:00:00-06:00', 'sw')).toBe('12:00 mchana hadi 8:00 usiku (saa za Texas)');
    expect(eventCategoryLabel('fundraiser', 'fr')).toBe('Collecte de fonds');
    expect(eventCategoryLabel('workshop', 'sw')).toBe('Warsha');
    expect(eventCategoryLabel('cultural', 'en')).toBe('Cultural');
    expect(say('share_on', 'sw', { network: 'Facebook' })).toBe('Shiriki kwenye Facebook');
  });
});

describe('blog texts', () => {
  it('English exactly as before', () => {
    expect(say('blog_list_filtered_title', 'en', { name: 'posts about youth' })).toBe('Blog: posts about youth');
    expect(say('blog_list_page', 'en', { name: 'Blog', page: 2 })).toBe('Blog, page 2');
    expect(say('blog_post_by', 'en', { author: 'Grace Mensah' })).toBe('By Grace Mensah');
    expect(say('blog_cta_volunteer', 'en')).toBe('Volunteer With Us');
  });
  it('French and Swahili, with the glossary’s category names', async () => {
    const { blogCategoryLabel } = await import('../../src/lib/i18n/category-labels.ts');
    expect(blogCategoryLabel('Cultural Celebration', 'fr')).toBe('Fêtes culturelles');
    expect(blogCategoryLabel('All Categories', 'fr')).toBe('Toutes les catégories');
    expect(blogCategoryLabel('Youth Programs', 'sw')).toBe('Mipango ya Vijana');
    expect(say('blog_list_filtered_title', 'fr', { name: 'Bénévolat' })).toBe('Blog\u00a0: Bénévolat');
    expect(say('blog_sidebar_count_many', 'sw', { count: 3 })).toBe('makala 3');
  });
});

describe('donate, about, contact, faq, impact, team, resources, legal and error texts', () => {
  it('English exactly as before', () => {
    expect(say('donate_hero_lead', 'en', { amount: '$25' })).toBe(
      'Your gift helps families who have just arrived in North Texas settle, learn and thrive. Give once, or join the Monthly Giving Circle with $25 or more a month.',
    );
    expect(say('donate_keywords', 'en').split(', ')).toEqual(['donate', 'monthly giving', 'refugee families', 'tax-deductible gift', 'North Texas nonprofit']);
    expect(say('about_crumb', 'en')).toBe('About Us');
    expect(say('contact_form_call', 'en')).toBe('Rather talk? Call');
    expect(say('faq_help_text', 'en')).toBe('We are happy to help in English, French, Swahili, Amharic and Lingala.');
    expect(say('faq_count_many', 'en', { count: 16 })).toBe('16 questions');
    expect(say('impact_cta_title', 'en')).toBe('Help us reach more families');
    expect(say('team_cta_careers', 'en', { site: 'SIPA' })).toBe('Careers at SIPA');
    expect(say('resources_templates_intro', 'en')).toBe(
      'Spreadsheet templates in English, Spanish, French and Swahili. Each has the 50/30/20 groups and a goal for an emergency fund.',
    );
    expect(say('error_message_label', 'en')).toBe('Error message:');
    expect(say('pageNotFound', 'en', { path: '' })).toBe('Page not found: ');
    expect(say('contact_thanks_promise', 'en', { hours: 'Monday-Friday 9:00 AM-5:00 PM' })).toBe(
      'We will reply by email within 2 business days. Our office hours are Monday-Friday 9:00 AM-5:00 PM.',
    );
  });
  it('French and Swahili keep the facts: amounts, counts, languages, the EIN', async () => {
    const { faqCategoryLabel } = await import('../../src/lib/i18n/category-labels.ts');
    expect(say('donate_trust_status', 'fr', { site: 'SIPA', status: '501(c)(3)', ein: '00-0000000' })).toBe(
      'SIPA est une association à but non lucratif 501(c)(3), EIN 00-0000000',
    );
    expect(say('donate_matching_text', 'sw', { ein: '00-0000000' })).toContain('EIN yetu, 00-0000000.');
    expect(say('faq_help_text', 'sw')).toBe('Tunafurahi kukusaidia kwa Kiingereza, Kifaransa, Kiswahili, Kiamhari na Kilingala.');
    expect(say('faq_count_one', 'sw', { count: 1 })).toBe('swali 1');
    expect(faqCategoryLabel('General', 'fr')).toBe('Questions générales');
    expect(faqCategoryLabel('All', 'sw')).toBe('Yote');
    expect(say('resources_templates_intro', 'fr')).toContain('50/30/20');
    expect(say('contact_thanks_promise', 'sw', { hours: 'x' })).toContain('siku 2 za kazi');
    expect(say('pageNotFound', 'fr', { path: '' })).toBe('Page introuvable\u00a0: ');
    expect(say('error_heading', 'sw')).toBe('Hitilafu');
  });
});

describe('shared page helpers', () => {
  it('counts: words in English, digits in French and Swahili', () => {
    expect(countInWords(5, 'en')).toBe('five');
    expect(countInWordsCapitalised(5)).toBe('Five');
    expect(countInWords(5, 'fr')).toBe('5');
    expect(countInWordsCapitalised(5, 'sw')).toBe('5');
    expect(countInWords(1500, 'fr')).toBe('1\u202f500');
  });
  it('site texts per language, office hours ready for the middle of a sentence', () => {
    expect(siteIn('en').officeHours).toBe('Monday-Friday 9:00 AM-5:00 PM, closed weekends');
    expect(siteIn('fr').blogName).toBe('Blog de SIPA');
    expect(officeHoursInSentence('fr')).toBe('du lundi au vendredi, de 9\u00a0h à 17\u00a0h, fermé le week-end');
    expect(officeHoursInSentence('sw')).toBe('Jumatatu hadi Ijumaa 9:00 asubuhi hadi 5:00 jioni, tumefungwa Jumamosi na Jumapili');
    expect(officeHoursInSentence('en')).toBe('Monday-Friday 9:00 AM-5:00 PM, closed weekends');
  });
});
