/**
 * Queuing a campaign is one transaction: the campaign row and every recipient row are written
 * together or not at all. A fault planted in the database (a trigger that refuses the recipients'
 * insert) must leave no campaign behind, on either database: a campaign without its recipients
 * would show as sent to nobody, and a later retry would mail everyone twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { NEWSLETTER, seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';

describeBackends('queuing a campaign', (backend) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await makeApi(backend);
    admin = (await staffCookies(api)).admin;
    await seedSubscribers(api.services, 5, 'confirmed');
  });
  afterAll(() => api.close());

  const db = () => api.services.db.kysely;

  async function plantFault() {
    if (backend === 'sqlite') {
      await sql`create trigger planted_fault before insert on newsletter_recipients begin select raise(abort, 'planted fault'); end`.execute(db());
    } else {
      await sql`create function planted_fault() returns trigger language plpgsql as $$ begin raise exception 'planted fault'; end $$`.execute(db());
      await sql`create trigger planted_fault before insert on newsletter_recipients for each row execute function planted_fault()`.execute(db());
    }
  }

  async function removeFault() {
    if (backend === 'sqlite') await sql`drop trigger planted_fault`.execute(db());
    else {
      await sql`drop trigger planted_fault on newsletter_recipients`.execute(db());
      await sql`drop function planted_fault()`.execute(db());
    }
  }

  test('a failure while writing the recipients leaves no campaign; once it is gone the same send queues everyone', async () => {
    await plantFault();
    const refused = await sendNewsletter(api, NEWSLETTER, admin);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
    expect(await count(api.services, 'newsletter_recipients')).toBe(0);

    await removeFault();
    const sent = await sendNewsletter(api, NEWSLETTER, admin);
    expect(sent.status).toBe(200);
    expect(await count(api.services, 'newsletter_campaigns')).toBe(1);
    expect(await count(api.services, 'newsletter_recipients')).toBe(5);
  });
});
