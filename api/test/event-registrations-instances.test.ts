/**
 * Event registration through two API instances on one database, as two server processes would
 * run: the test thread's own, and another in a worker thread (instance-worker.ts) with its own
 * connection. On SQLite both open the same file; on PostgreSQL each has its own pool. Many
 * people asking at once for the last places: exactly the places are given, the rest wait in a
 * line told 1, 2, 3… without a gap or a repeat, and no request fails on a busy database.
 * Cancellations racing new sign-ups: the families at the head of the line move in, each once,
 * and nobody who came later jumps ahead of them. The line is numbered by the database under the
 * event's lock: with both instances' clocks stopped at one instant, an order read from the clock
 * (as it once was) puts families in another order than they were told.
 */
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { closeServices, createApp, createServices, type Services } from '../src/app.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations.ts';
import { describeBackends, freshConfig } from './helpers.ts';
import { otherInstance, type InstanceRequest, type InstanceResponse, type OtherInstance } from './instance-thread.ts';

/** Tax Season Prep Workshop: 12 places, 6 February 2027. */
const WORKSHOP = 'tax-season-prep-workshop';
/** Youth Leadership Summit: 60 places, 23 January 2027. */
const SUMMIT = 'youth-leadership-summit';
/** Both instances' clock: before either event, whatever day the suite runs. */
const BEFORE = new Date('2026-11-21T12:00:00-06:00');
/** Starting a thread and the bursts below are slow on a loaded machine; this only catches a hang. */
const BURST_TIMEOUT_MS = 180_000;

type Answer = { status: 'confirmed' | 'waiting'; position?: number; message: string };

// The summit asks how old the young person is (required): "16 to 18".
const family = (event: string, email: string, party: number) => ({ event, name: 'Amani Mwangi', email, party, mailLang: 'en', needs: [], lang: 'en', ...(event === SUMMIT ? { answers: { 'age-group': '0' } } : {}) });

describeBackends('event registration through two API instances on one database', (backend) => {
  let one: Services;
  let other: OtherInstance;
  let drop: () => Promise<void>;
  /** Each instance answers a request as its server would. */
  let instances: Array<(request: InstanceRequest) => Promise<InstanceResponse>>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE);
    const fresh = await freshConfig(backend);
    drop = fresh.drop;
    one = await createServices(fresh.config);
    other = await otherInstance(fresh.config, { clock: BEFORE.getTime() });
    const app = createApp(one);
    instances = [
      async ({ method, path, headers, body }) => {
        const response = await app.request(path, { method, headers, body });
        return { status: response.status, location: response.headers.get('location'), body: await response.text() };
      },
      (request) => other.request(request),
    ];
  }, BURST_TIMEOUT_MS);
  afterAll(async () => {
    vi.useRealTimers();
    await other?.close();
    if (one) await closeServices(one);
    await drop?.();
  }, BURST_TIMEOUT_MS);

  const post = (instance: number, path: string, body: unknown) => instances[instance % 2]!({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const register = async (instance: number, event: string, email: string, party: number) => {
    const response = await post(instance, '/api/event-registrations', family(event, email, party));
    expect(response.status, `${email}: ${response.body}`).toBe(201);
    return JSON.parse(response.body) as Answer;
  };
  const rows = (event: string) => one.db.kysely.selectFrom('event_registrations').select(['email', 'party', 'status']).where('event_id', '=', event).execute();
  const confirmedPeople = async (event: string) => (await rows(event)).filter((row) => row.status === 'confirmed').reduce((sum, row) => sum + row.party, 0);
  /** The waiting list as the instances see it: each address asks again and is told its place. */
  const toldPlaces = async (event: string, emails: string[]) => Promise.all(emails.map(async (email, i) => [email, (await register(i + 1, event, email, 1)).position] as const));
  const mails = (to: string, kind: string) => one.db.kysely.selectFrom('outbox').select(['text_body']).where('to_address', '=', to).where('kind', '=', kind).execute();
  const cancelToken = async (email: string) => /\/events\/cancel\?token=([^#\s]+)#ready/.exec((await mails(email, 'event.confirmation'))[0]!.text_body)![1]!;

  test(
    'twenty-four people asking through both instances for the last three places: three get them, twenty-one wait as 1 to 21',
    async () => {
      expect((await register(0, WORKSHOP, 'early@example.org', 9)).status).toBe('confirmed');
      const emails = Array.from({ length: 24 }, (_, i) => `race${i}@example.org`);
      const answers = await Promise.all(emails.map((email, i) => register(i, WORKSHOP, email, 1)));

      expect(answers.filter((answer) => answer.status === 'confirmed')).toHaveLength(3);
      const waiting = emails.filter((_, i) => answers[i]!.status === 'waiting');
      const positions = waiting.map((email) => answers[emails.indexOf(email)]!.position!);
      expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      expect(await confirmedPeople(WORKSHOP)).toBe(12);
      // Asked again, through either instance, each is told the place they were given: the line is
      // kept in the order the database served them, not in the order of two servers' clocks.
      expect(Object.fromEntries(await toldPlaces(WORKSHOP, waiting))).toEqual(Object.fromEntries(waiting.map((email, i) => [email, positions[i]])));
    },
    BURST_TIMEOUT_MS,
  );

  test(
    'three cancellations racing three new sign-ups across the instances: the first three waiting move in, each once, and the newcomers wait behind the rest',
    async () => {
      for (let i = 0; i < 5; i++) await register(i, SUMMIT, `group${i}@example.org`, 10);
      const seats = Array.from({ length: 10 }, (_, i) => `seat${i}@example.org`);
      for (const [i, email] of seats.entries()) await register(i, SUMMIT, email, 1);
      const line = Array.from({ length: 5 }, (_, i) => `line${i}@example.org`);
      for (const [i, email] of line.entries()) expect((await register(i, SUMMIT, email, 1)).position).toBe(i + 1);
      const tokens = await Promise.all(seats.slice(0, 3).map(cancelToken));
      const newcomers = ['new0@example.org', 'new1@example.org', 'new2@example.org'];

      const [cancelled, joined] = await Promise.all([
        Promise.all(tokens.map((token, i) => post(i, '/api/event-registrations/cancel?lang=en', { token }))),
        Promise.all(newcomers.map((email, i) => register(i + 1, SUMMIT, email, 1))),
      ]);

      expect(cancelled.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(joined.map((answer) => answer.status)).toEqual(['waiting', 'waiting', 'waiting']);
      const status = Object.fromEntries((await rows(SUMMIT)).map((row) => [row.email, row.status]));
      expect(line.map((email) => status[email])).toEqual(['confirmed', 'confirmed', 'confirmed', 'waiting', 'waiting']);
      expect(newcomers.map((email) => status[email])).toEqual(['waiting', 'waiting', 'waiting']);
      expect(await confirmedPeople(SUMMIT)).toBe(60);
      for (const email of line) expect(await mails(email, 'event.promoted'), email).toHaveLength(line.indexOf(email) < 3 ? 1 : 0);
      for (const email of newcomers) expect(await mails(email, 'event.promoted'), email).toHaveLength(0);
      const placesNow = Object.fromEntries(await toldPlaces(SUMMIT, [...line.slice(3), ...newcomers]));
      expect([placesNow['line3@example.org'], placesNow['line4@example.org']]).toEqual([1, 2]);
      expect(newcomers.map((email) => placesNow[email]).sort()).toEqual([3, 4, 5]);
    },
    BURST_TIMEOUT_MS,
  );
});

describeBackends('the waiting-list order migration', (backend) => {
  test('numbers the registrations already there in the order they had: by the time they joined, then by id, per event', async () => {
    const { config, drop } = await freshConfig(backend);
    const db = openDatabase(config);
    try {
      const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026-12-03-001-event-registrations')).error).toBeUndefined();
      const row = (id: string, event: string, queuedAt: string) => ({ id, event_id: event, email: `${id}@example.org`, name: 'Amani Mwangi', phone: null, party: 1, needs: '[]', notes: null, mail_lang: 'en', status: 'waiting', queued_at: queuedAt, reminded_at: null, attending_confirmed_at: null, checked_in: 0, created_at: queuedAt, updated_at: queuedAt });
      await (db.kysely as Kysely<any>)
        .insertInto('event_registrations')
        .values([row('c', WORKSHOP, '2026-11-20T10:00:01.000Z'), row('a', WORKSHOP, '2026-11-20T10:00:00.000Z'), row('b', WORKSHOP, '2026-11-20T10:00:01.000Z'), row('d', SUMMIT, '2026-11-20T09:00:00.000Z')])
        .execute();
      await migrateToLatest(db.kysely);
      const numbered = await db.kysely.selectFrom('event_registrations').select(['id', 'queue_number']).orderBy('id').execute();
      expect(numbered).toEqual([
        { id: 'a', queue_number: 1 },
        { id: 'b', queue_number: 2 },
        { id: 'c', queue_number: 3 },
        { id: 'd', queue_number: 1 },
      ]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
