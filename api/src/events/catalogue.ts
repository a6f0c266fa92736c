/**
 * The events and volunteer shifts people can register for through the site, read once from the
 * content files the site is built from (content/events/, content/volunteer-opportunities/, and
 * their <lang>/ folders for the translated words) and
 * checked with the same schema. The API decides from these, never from what a form says: whether
 * the event takes registrations here, how many places it has, and when it starts.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { eventSchema, volunteerOpportunitySchema, type EventItem, type RegistrationQuestion, type VolunteerOpportunity } from '../../../src/lib/content-schemas.ts';
import { questionsIn } from '../../../src/lib/registration-questions.ts';
import { site } from '../../../src/lib/site.ts';
import { registersOnSite } from '../../../src/lib/events.ts';
import { DEFAULT_LANG, LANG_CODES, type Lang } from '../../../src/lib/i18n/languages.ts';

const EVENTS_DIR = new URL('../../../content/events/', import.meta.url);

export interface RegistrableEvent {
  /** The event's id, or `shift-<id>` for a volunteer shift. */
  id: string;
  /** Its page on the site (in English; localizePath gives the others). */
  pagePath: string;
  /** Places for the whole event; null: no limit. */
  capacity: number | null;
  /** The event in each language (the English file where a language has none). */
  text: Readonly<Record<Lang, EventItem>>;
  /** The event's own registration questions in each language (English where a translation lacks one). */
  questions: Readonly<Record<Lang, RegistrationQuestion[]>>;
}

const noQuestions = Object.fromEntries(LANG_CODES.map((lang) => [lang, []])) as unknown as Record<Lang, RegistrationQuestion[]>;

function readEvent(url: URL): EventItem {
  return eventSchema.parse(JSON.parse(readFileSync(url, 'utf8')));
}


function loadEvents(): ReadonlyMap<string, RegistrableEvent> {
  const events = new Map<string, RegistrableEvent>();
  for (const file of readdirSync(EVENTS_DIR).filter((name) => name.endsWith('.json'))) {
    const english = readEvent(new URL(file, EVENTS_DIR));
    if (!registersOnSite(english)) continue;
    const text = Object.fromEntries(
      LANG_CODES.map((lang) => {
        const translated = new URL(`${lang}/${file}`, EVENTS_DIR);
        return [lang, lang !== DEFAULT_LANG && existsSync(translated) ? readEvent(translated) : english];
      }),
    ) as Record<Lang, EventItem>;
    const asked = english.registrationQuestions ?? [];
    const questions = Object.fromEntries(LANG_CODES.map((lang) => [lang, questionsIn(asked, text[lang].registrationQuestions)])) as Record<Lang, RegistrationQuestion[]>;
    events.set(english.id, { id: english.id, pagePath: `/events/${english.id}`, capacity: english.capacity ?? null, text, questions });
  }
  for (const shift of loadShifts()) {
    if (events.has(shift.id)) throw new Error(`content/volunteer-opportunities: shift ${shift.id} has the id of an event`);
    events.set(shift.id, shift);
  }
  return events;
}

const OPPORTUNITIES_DIR = new URL('../../../content/volunteer-opportunities/', import.meta.url);

/** The id registrations use for a volunteer shift. */
export const shiftRegistrationId = (shiftId: string) => `shift-${shiftId}`;

/**
 * Each volunteer shift as something people register for: its role and time, its places, the
 * opportunity's words and the volunteer mailbox as its contact, in each language.
 */
function loadShifts(): RegistrableEvent[] {
  const shifts: RegistrableEvent[] = [];
  for (const file of readdirSync(OPPORTUNITIES_DIR).filter((name) => name.endsWith('.json'))) {
    const read = (url: URL) => volunteerOpportunitySchema.parse(JSON.parse(readFileSync(url, 'utf8')));
    const english = read(new URL(file, OPPORTUNITIES_DIR));
    const inLang = Object.fromEntries(
      LANG_CODES.map((lang) => {
        const translated = new URL(`${lang}/${file}`, OPPORTUNITIES_DIR);
        return [lang, lang !== DEFAULT_LANG && existsSync(translated) ? read(translated) : english];
      }),
    ) as Record<Lang, VolunteerOpportunity>;
    for (const shift of english.shifts) {
      const id = shiftRegistrationId(shift.id);
      const text = Object.fromEntries(
        LANG_CODES.map((lang) => {
          const opportunity = inLang[lang];
          const own = opportunity.shifts.find((candidate) => candidate.id === shift.id) ?? shift;
          const item: EventItem = {
            id,
            title: `${opportunity.title} – ${own.role}`,
            date: shift.start,
            endDate: shift.end,
            location: own.location,
            description: opportunity.description,
            category: 'cultural',
            image: '/art/hero-hands.svg',
            imageAlt: opportunity.title,
            isFeatured: false,
            registrationRequired: true,
            capacity: shift.places,
            organizer: site.name,
            contact: { email: site.mailboxes.volunteer },
          };
          return [lang, item];
        }),
      ) as Record<Lang, EventItem>;
      shifts.push({ id, pagePath: `/get-involved/shifts/${shift.id}`, capacity: shift.places, text, questions: noQuestions });
    }
  }
  return shifts;
}

let loaded: ReadonlyMap<string, RegistrableEvent> | undefined;

/** The event `id` names, if people register for it here. */
export function registrableEvent(id: string): RegistrableEvent | undefined {
  loaded ??= loadEvents();
  return loaded.get(id);
}

/** Every event people register for here. */
export function registrableEvents(): RegistrableEvent[] {
  loaded ??= loadEvents();
  return [...loaded.values()];
}

/** Registration closes when the event starts (the spec's Event Ended state follows from the date). */
export const registrationOpen = (event: RegistrableEvent, now: Date) => now.getTime() < Date.parse(event.text[DEFAULT_LANG].date);
