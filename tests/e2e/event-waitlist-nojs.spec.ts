/**
 * Without JavaScript, a family put on a full event's waiting list is told their place in the
 * page they land on, in English, French and Swahili: the API answers the plain form with the
 * built waiting-list page, the place written in (src/lib/waitlist-position.ts). The page opened
 * on its own says the place is in the mail.
 *
 * The Spring Hope Gala (250 places, 10 April 2027) is filled, on the tests' clock (21 November 2026:
 * tests/support/server-clock.ts), so that it stays ahead whatever day this runs. It is filled
 * here, so this file runs its own server on its own database (E2E_PORT + 27): the shared
 * server's gala is event-registration.spec.ts's, which needs it empty while these run beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { unique } from './forms-support.ts';
import { clockHeaders, clockSocket } from '../support/server-clock.ts';

/** The instant the tests run at (the other event specs' too). */
const NOW = '2026-11-21T12:00:00-06:00';

const EVENT = 'spring-hope-gala';
const port = Number(process.env.E2E_WAITLIST_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 27);
const origin = `http://127.0.0.1:${port}`;
const dataDir = `.e2e-data/${port}`;

let server: ChildProcess;

function database() {
  return new DatabaseSync(join(dataDir, 'sipa.sqlite'), { timeout: 5000 });
}

/** All 250 places taken by 25 earlier families of ten. */
function fillTheGala() {
  const db = database();
  try {
    const now = new Date().toISOString();
    const insert = db.prepare(
      "insert into event_registrations (id, event_id, email, name, phone, party, needs, notes, mail_lang, status, queued_at, reminded_at, attending_confirmed_at, checked_in, created_at, updated_at) values (?, ?, ?, 'Earlier Family', null, 10, '[]', null, 'en', 'confirmed', ?, null, null, 0, ?, ?)",
    );
    db.exec('begin immediate');
    db.prepare('delete from event_registrations where event_id = ?').run(EVENT);
    for (let i = 0; i < 25; i++) insert.run(randomUUID(), EVENT, `${unique(`earlier-${i}`)}@example.org`, now, now, now);
    db.exec('commit');
  } finally {
    db.close();
  }
}

function statusOf(email: string): string | undefined {
  const db = database();
  try {
    return (db.prepare('select status from event_registrations where email = ?').get(email) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
}

const LANGUAGES = [
  {
    prefix: '',
    name: 'Name',
    email: 'Email',
    party: 'How many people are coming?',
    button: 'Register',
    title: 'On the Waiting List',
    place: 'You are number 1 on the waiting list. When places open for you, we register you at once and email you.',
    inTheMail: 'Your number in line is in the email we just sent. When places open for you, we register you at once and email you.',
  },
  {
    prefix: '/fr',
    name: 'Nom',
    email: 'E-mail',
    party: 'Combien de personnes viennent ?',
    button: 'S’inscrire',
    title: 'Sur la liste d’attente',
    place: 'Vous êtes en position 2 sur la liste d’attente. Dès que des places se libèrent pour vous, nous vous inscrivons et vous écrivons.',
    inTheMail: 'Votre rang est indiqué dans l’e-mail que nous venons d’envoyer. Dès que des places se libèrent pour vous, nous vous inscrivons et vous écrivons.',
  },
  {
    prefix: '/sw',
    name: 'Jina',
    email: 'Barua pepe',
    party: 'Watu wangapi watakuja?',
    button: 'Jiandikishe',
    title: 'Kwenye orodha ya kusubiri',
    place: 'Wewe ni nambari 3 kwenye orodha ya kusubiri. Nafasi zikipatikana kwako, tunakusajili mara moja na kukutumia barua pepe.',
    inTheMail: 'Nambari yako kwenye foleni iko kwenye barua pepe tuliyotuma sasa hivi. Nafasi zikipatikana kwako, tunakusajili mara moja na kukutumia barua pepe.',
  },
] as const;

test.describe('the waiting list without JavaScript', () => {
  // One after another: each family takes the next place in the line.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: clockHeaders(NOW) });

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', './tests/support/server-clock-preload.ts', 'api/src/server.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVER_CLOCK_SOCKET: clockSocket(dataDir), SERVER_CLOCK_HELD_TIMERS: 'sendDueReminders', RATE_LIMIT_MAX: '1000', TRUST_PROXY: '1', SMTP_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] }).toBe(200);
    fillTheGala();
  });
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  });

  for (const words of LANGUAGES) {
    test(`${words.prefix || '/'}: the family is told its place in the line on the page it lands on`, async ({ page }) => {
      await page.goto(`${origin}${words.prefix}/events/${EVENT}#register`);
      const email = `${unique('waiting')}@example.org`;
      await page.getByLabel(words.name, { exact: true }).fill('Amani Mwangi');
      await page.getByLabel(words.email, { exact: true }).fill(email);
      await page.getByLabel(words.party).selectOption('4');
      await page.getByRole('button', { name: words.button, exact: true }).click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
      await expect(page.getByText(words.place)).toBeVisible();
      await expect(page.locator('[data-waitlist-number]')).toHaveText(words.place.match(/\d+/)![0]);
      await expect(page.getByText(words.inTheMail)).toBeHidden();
      expect(statusOf(email)).toBe('waiting');

      // The page opened on its own knows no place: it says the place is in the mail.
      await page.goto(`${origin}${words.prefix}/events/waitlisted`);
      await expect(page.getByText(words.inTheMail)).toBeVisible();
      await expect(page.locator('[data-waitlist-known]')).toBeHidden();
    });
  }
});
