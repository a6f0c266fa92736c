import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PARTNERSHIP_RESPONSE_PROMISE, VOLUNTEER_RESPONSE_PROMISE } from '../../src/lib/constants.ts';
import { site } from '../../src/lib/site.ts';
import { MAX_ATTEMPTS, SENT_RETENTION_DAYS, backoffMinutes } from '../src/mail/outbox.ts';
import { smtpTransport, type MailEnvelope, type MailTransport } from '../src/mail/transport.ts';
import { VALID, count, describeBackends, healthDetails, makeApi, postJson, type TestApi } from './helpers.ts';

/** Just enough of RFC 5322 for the assertions: unfolded headers and a quoted-printable-decoded body. */
function parseMail(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw
    .slice(split + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const address = (name: string) => /<([^>]+)>/.exec(headers.get(name) ?? '')?.[1] ?? headers.get(name) ?? '';
  return { headers, subject: headers.get('subject') ?? '', text: body, from: address('from'), to: address('to'), replyTo: address('reply-to') };
}

/** A transport that fails while `down` is true and records what it sends. */
function flakyTransport() {
  const sent: MailEnvelope[] = [];
  const transport: MailTransport & { down: boolean; sent: MailEnvelope[] } = {
    name: 'smtp',
    down: true,
    sent,
    async send(mail) {
      if (transport.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
    },
    verify: async () => !transport.down,
    close() {},
  };
  return transport;
}

describeBackends('mail failure and the outbox', (backend) => {
  let api: TestApi;
  let transport: ReturnType<typeof flakyTransport>;
  beforeAll(async () => {
    transport = flakyTransport();
    api = await makeApi(backend, {}, transport);
  });
  afterAll(() => api.close());

  test('a submission is kept when mail fails, and the outbox delivers it later', async () => {
    const response = await postJson(api.app, '/api/contact', VALID.contact);
    expect(response.status).toBe(201);
    await api.services.mailer.settled();
    expect(await count(api.services, 'contact_messages')).toBe(1);
    const queued = await api.services.db.kysely.selectFrom('outbox').selectAll().execute();
    expect(queued).toHaveLength(2);
    for (const row of queued) {
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain('ECONNREFUSED');
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    }
    const health = await healthDetails(api.app);
    expect(health.status).toBe('degraded');
    expect(health.mail).toMatchObject({ ok: false, pending: 2 });

    // Not yet due: nothing is retried.
    expect(await api.services.mailer.processOutbox()).toEqual({ sent: 0, failed: 0 });
    // Still down when due: a second attempt, with a longer wait.
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await api.services.mailer.processOutbox(later)).toEqual({ sent: 0, failed: 2 });
    // Back up: the retry sends both and marks them sent.
    transport.down = false;
    expect(await api.services.mailer.processOutbox(new Date(Date.now() + 10 * 60_000))).toEqual({ sent: 2, failed: 0 });
    expect(transport.sent.map((m) => m.to).sort()).toEqual([VALID.contact.email, site.mailboxes.staff].sort());
    const rows = await api.services.db.kysely.selectFrom('outbox').selectAll().execute();
    expect(rows.every((row) => row.sent_at && row.attempts === 3 && row.last_error === null)).toBe(true);
    // Nothing is sent twice.
    expect(await api.services.mailer.processOutbox(new Date(Date.now() + 60 * 60_000))).toEqual({ sent: 0, failed: 0 });
    // Sent messages are purged after the retention period; unsent ones never are.
    await api.services.db.kysely.insertInto('outbox').values({ ...rows[0], id: '00000000-0000-4000-8000-00000000beef', sent_at: null }).execute();
    await api.services.db.kysely.updateTable('outbox').set({ attempts: MAX_ATTEMPTS }).where('id', '=', '00000000-0000-4000-8000-00000000beef').execute();
    await api.services.mailer.processOutbox(new Date(Date.now() + (SENT_RETENTION_DAYS + 1) * 86_400_000));
    const left = await api.services.db.kysely.selectFrom('outbox').select('id').execute();
    expect(left.map((row) => row.id)).toEqual(['00000000-0000-4000-8000-00000000beef']);
  });

  test('back-off doubles and is capped', () => {
    expect([1, 2, 3, 4, 20].map(backoffMinutes)).toEqual([1, 2, 4, 8, 360]);
  });
});

describe('no mail server configured', () => {
  test('mail waits in the outbox and each message is logged', async () => {
    const api = await makeApi('sqlite');
    const lines: string[] = [];
    const original = console.log;
    console.log = (line: string) => lines.push(String(line));
    try {
      expect((await postJson(api.app, '/api/volunteer-application', VALID.volunteer)).status).toBe(201);
    } finally {
      console.log = original;
    }
    expect(lines.join('\n').split('\n').filter((line) => line.startsWith('mail: outbox'))).toHaveLength(2);
    expect(await count(api.services, 'outbox')).toBe(2);
    const health = await healthDetails(api.app);
    expect(health).toMatchObject({ status: 'ok', database: { dialect: 'sqlite', ok: true }, mail: { transport: 'outbox', pending: 2 } });
    await api.close();
  });
});

describe('a real SMTP peer', () => {
  const received: Array<{ envelope: { from: string; to: string[] }; raw: string }> = [];
  let server: SMTPServer;
  let port: number;
  let api: TestApi;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            envelope: { from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address) },
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    // The first free port of 4364-4369.
    for (const candidate of [4364, 4365, 4366, 4367, 4368, 4369]) {
      try {
        server.listen(candidate, '127.0.0.1');
        await once(server.server, 'listening');
        port = (server.server.address() as AddressInfo).port;
        break;
      } catch {
        continue;
      }
    }
    expect(port).toBeTruthy();
    api = await makeApi('sqlite', { mailFrom: 'SIPA <no-reply@sipa.example.org>' }, smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
  });
  afterAll(async () => {
    await api.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function mailsFor(subjectPart: string) {
    await api.services.mailer.settled();
    return received.map((m) => ({ ...m, mail: parseMail(m.raw) })).filter((m) => m.mail.subject.includes(subjectPart));
  }

  test('verify() reaches the server and the health report says smtp', async () => {
    const health = await healthDetails(api.app);
    expect(health.mail).toMatchObject({ transport: 'smtp', ok: true });
  });

  test('a contact message reaches staff (reply goes to the sender) and the sender (reply goes to the office)', async () => {
    await postJson(api.app, '/api/contact', { ...VALID.contact, subject: 'SMTP check' });
    const [staff] = await mailsFor('Contact form: SMTP check');
    expect(staff.envelope.to).toEqual([site.mailboxes.staff]);
    expect(staff.mail.from).toBe('no-reply@sipa.example.org');
    expect(staff.mail.replyTo).toBe(VALID.contact.email);
    expect(staff.mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(staff.mail.text).toContain(VALID.contact.message);
    const [ack] = await mailsFor('We received your message to SIPA');
    expect(ack.envelope.to).toEqual([VALID.contact.email]);
    expect(ack.mail.to).toBe(VALID.contact.email);
    expect(ack.mail.replyTo).toBe(site.mailboxes.info);
    expect(ack.mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(ack.mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(ack.mail.headers.get('content-type')).toContain('multipart/alternative');
    expect(ack.mail.text).toContain('text/html');
  });

  test('volunteer and partnership acknowledgements promise the response time', async () => {
    await postJson(api.app, '/api/volunteer-application', VALID.volunteer);
    await postJson(api.app, '/api/partnership-inquiry', VALID.partnership);
    const [volunteerStaff] = await mailsFor('Volunteer application: Kofi Mensah');
    expect(volunteerStaff.envelope.to).toEqual([site.mailboxes.staff]);
    expect(volunteerStaff.mail.text).toContain('Language partner, Mentor');
    const [volunteerAck] = await mailsFor('Thank you for applying to volunteer');
    expect(volunteerAck.envelope.to).toEqual([VALID.volunteer.email]);
    expect(volunteerAck.mail.text).toContain(VOLUNTEER_RESPONSE_PROMISE);
    expect(volunteerAck.mail.replyTo).toBe(site.mailboxes.volunteer);
    const [partnerAck] = await mailsFor('Your partnership inquiry');
    expect(partnerAck.envelope.to).toEqual([VALID.partnership.email]);
    expect(partnerAck.mail.text).toContain(PARTNERSHIP_RESPONSE_PROMISE);
    expect(partnerAck.mail.replyTo).toBe(site.mailboxes.partnerships);
    const [partnerStaff] = await mailsFor('Partnership inquiry: Lone Star Credit Union');
    expect(partnerStaff.mail.replyTo).toBe(VALID.partnership.email);
    expect(partnerStaff.mail.text).toContain('Financial Sponsorship, Employee Volunteering');
  });

  test('a newsletter confirmation carries List-Unsubscribe headers and the staff are told', async () => {
    await postJson(api.app, '/api/newsletter-signup', { email: 'smtp-reader@example.org' });
    const [confirm] = await mailsFor('Please confirm your subscription');
    expect(confirm.envelope.to).toEqual(['smtp-reader@example.org']);
    expect(confirm.mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(confirm.mail.headers.get('list-unsubscribe')).toMatch(/^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w.-]+>$/);
    expect(confirm.mail.text).toContain('/newsletter/confirm?token=');
    const [staff] = await mailsFor('Newsletter signup: smtp-reader@example.org');
    expect(staff.envelope.to).toEqual([site.mailboxes.staff]);
    const rows = await api.services.db.kysely.selectFrom('outbox').select(['sent_at']).execute();
    expect(rows.every((row) => row.sent_at)).toBe(true);
  });
});
