/**
 * The events people can register for through the site, read once from the content files the
 * site is built from (content/events/, content/events/<lang>/ for the translated words) and
 * checked with the same schema. The API decides from these, never from what a form says: whether
 * the event takes registrations here, how many places it has, and when it starts.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { eventSchema, type EventItem } from '../../../src/lib/content-schemas.ts';
import { registersOnSite } from '../../../src/lib/events.ts';
import { DEFAULT_LANG, LANG_CODES, type Lang } from '../../../src/lib/i18n/languages.ts';

const EVENTS_DIR = new URL('../../../content/events/', import.meta.url);

export interface RegistrableEvent {
  id: string;
  /** Places for the whole event; null: no limit. */
  capacity: number | null;
  /** The event in each language (the English file where a language has none). */
  text: Readonly<Record<Lang, EventItem>>;
}

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
    events.set(english.id, { id: english.id, capacity: english.capacity ?? null, text });
  }
  return events;
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
