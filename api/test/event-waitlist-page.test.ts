/**
 * The plain form (no JavaScript) of a family put on the waiting list: the server that holds the
 * built site answers it with the waiting-list page in the visitor's language, the place written
 * in and shown, the sentence for a page opened on its own hidden, and kept out of every cache.
 * Sent again, it is the same registration and the same place. An app with no built site
 * redirects to the page as it was built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { closeServices, createApp, createServices, type Services } from '../src/app.ts';
import { createServerApp } from '../src/server.ts';
import { WAITLIST_MARKERS } from '../../src/lib/waitlist-position.ts';
import { freshConfig, postForm, postJson } from './helpers.ts';

/** Tax Season Prep Workshop: 12 places, 6 February 2027. */
const WORKSHOP = 'tax-season-prep-workshop';
const BEFORE = new Date('2026-11-21T12:00:00-06:00');

/** The waiting-list page as the build writes it (src/components/events/WaitlistPlace.astro), in English and Swahili. */
const built = (lang: string, sentence: [string, string], inTheMail: string) =>
  `<!doctype html><html lang="${lang}"><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body><h1>Waiting list</h1>` +
  `${WAITLIST_MARKERS.known.hidden}${sentence[0]}${WAITLIST_MARKERS.number.empty}${sentence[1]}</p>${WAITLIST_MARKERS.unknown.shown}${inTheMail}</p></body></html>`;

let dist: string;
let services: Services;
let drop: () => Promise<void>;
let site: ReturnType<typeof createServerApp>['app'];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BEFORE);
  dist = mkdtempSync(join(tmpdir(), 'sipa-dist-'));
  const write = (path: string, body: string) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), body);
  };
  write('index.html', '<!doctype html><html><body><h1>Home</h1></body></html>');
  write('events/waitlisted/index.html', built('en', ['You are number ', ' on the waiting list.'], 'Your number in line is in the email we just sent.'));
  write('sw/events/waitlisted/index.html', built('sw', ['Wewe ni nambari ', ' kwenye orodha ya kusubiri.'], 'Nambari yako kwenye foleni iko kwenye barua pepe tuliyotuma sasa hivi.'));
  const fresh = await freshConfig('sqlite');
  drop = fresh.drop;
  services = await createServices(fresh.config);
  site = createServerApp({ distDir: dist, https: false, services }).app;
});
afterAll(async () => {
  vi.useRealTimers();
  await closeServices(services);
  await drop();
  rmSync(dist, { recursive: true, force: true });
});

const fields = (email: string, lang: string): Array<[string, string]> => [['event', WORKSHOP], ['name', 'Amani Mwangi'], ['email', email], ['party', '3'], ['mailLang', lang], ['lang', lang]];

test('the place in the line is written into the built page in the visitor’s language, and a second send shows the same place', async () => {
  expect((await postJson(site, '/api/event-registrations', { event: WORKSHOP, name: 'Earlier Family', email: 'earlier@example.org', party: 10, mailLang: 'en', lang: 'en' })).status).toBe(201);

  const english = await postForm(site, '/api/event-registrations', fields('first@example.org', 'en'));
  expect(english.status).toBe(200);
  expect(english.headers.get('content-type')).toMatch(/^text\/html/);
  expect(english.headers.get('cache-control')).toBe('no-store');
  const page = await english.text();
  expect(page).toContain('<p data-waitlist-known>You are number <strong data-waitlist-number>1</strong> on the waiting list.</p>');
  expect(page).toContain('<p data-waitlist-unknown hidden>Your number in line is in the email we just sent.</p>');

  const swahili = await postForm(site, '/api/event-registrations', fields('second@example.org', 'sw'));
  expect(await swahili.text()).toContain('<p data-waitlist-known>Wewe ni nambari <strong data-waitlist-number>2</strong> kwenye orodha ya kusubiri.</p>');
  const again = await postForm(site, '/api/event-registrations', fields('second@example.org', 'sw'));
  expect(await again.text()).toContain('<strong data-waitlist-number>2</strong>');

  // The pages as built are unchanged for the next visitor.
  expect(await (await site.request('/sw/events/waitlisted')).text()).toContain(`${WAITLIST_MARKERS.known.hidden}Wewe ni nambari ${WAITLIST_MARKERS.number.empty}`);
});

test('an app with no built site sends the plain form to the waiting-list page as it was built', async () => {
  const api = createApp(services);
  const answer = await postForm(api, '/api/event-registrations', fields('third@example.org', 'sw'));
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe('/sw/events/waitlisted?position=3');
});
