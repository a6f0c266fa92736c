/**
 * How a program category reads in each language. Content files keep the English `category`
 * (it also names the /programs/category/… address and the filters); pages show it through this,
 * with the labels of the glossaries (content/glossary/). A category the catalogue does not know
 * shows as written.
 */
import { m } from '../../paraglide/messages.js';
import type { Lang } from './languages.ts';

type Label = (inputs: Record<string, never>, options: { locale: Lang }) => string;

const PROGRAM_CATEGORIES: Readonly<Record<string, Label>> = {
  'Early Learning': m.category_early_learning,
  'Financial Security': m.category_financial_security,
  'Developing skills': m.category_developing_skills,
  'Mental Health': m.category_mental_health,
  'Youth Development': m.category_youth_development,
};

export function programCategoryLabel(category: string, lang: Lang): string {
  const label = PROGRAM_CATEGORIES[category];
  return label ? label({}, { locale: lang }) : category;
}

const EVENT_CATEGORIES: Readonly<Record<string, Label>> = {
  all: m.event_category_all,
  cultural: m.event_category_cultural,
  workshop: m.event_category_workshop,
  youth: m.event_category_youth,
  health: m.event_category_health,
  fundraiser: m.event_category_fundraiser,
};

/** An event category (`cultural`, or `all` for the filter) as the glossary names it. */
export function eventCategoryLabel(category: string, lang: Lang): string {
  const label = EVENT_CATEGORIES[category];
  return label ? label({}, { locale: lang }) : category;
}

const BLOG_CATEGORIES: Readonly<Record<string, Label>> = {
  'All Categories': m.blog_category_all,
  'Community Support': m.blog_category_community_support,
  'Financial Empowerment': m.blog_category_financial_empowerment,
  'Mental Health': m.blog_category_mental_health,
  'Cultural Celebration': m.blog_category_cultural_celebration,
  'Youth Programs': m.blog_category_youth_programs,
  Volunteer: m.blog_category_volunteer,
  'Community Events': m.blog_category_community_events,
  Conference: m.blog_category_conference,
};

/** A blog category as the glossary names it. */
export function blogCategoryLabel(category: string, lang: Lang): string {
  const label = BLOG_CATEGORIES[category];
  return label ? label({}, { locale: lang }) : category;
}

const FAQ_CATEGORIES: Readonly<Record<string, Label>> = {
  All: m.faq_category_all,
  General: m.faq_category_general,
  Donations: m.faq_category_donations,
  Programs: m.faq_category_programs,
  Volunteering: m.faq_category_volunteering,
};

/** A FAQ category (or the `All` filter) as the glossary names it. */
export function faqCategoryLabel(category: string, lang: Lang): string {
  const label = FAQ_CATEGORIES[category];
  return label ? label({}, { locale: lang }) : category;
}
