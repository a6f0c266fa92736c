/**
 * Mail that nobody can turn on others: acknowledgements carry no visitor-chosen text but a
 * cleaned first name, go at most once an hour per address and form, log lines cannot be forged,
 * header values hold no line breaks, and the outbox stays bounded without a mail server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { greetingName } from '../src/mail/templates.ts';
import { headerValue, logText } from '../src/mail/outbox.ts';
import { VALID, count, describeBackends, makeApi, postJson, type TestApi } from './helpers.ts';

const outboxOf = (api: TestApi, to: string) =>
  api.services.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

describe('the greeting name', () => {
  test.each([
    ['Amara Okafor', 'Amara'],
    ["  O'Neil  Smith", "O'Neil"],
    ['Jean-Luc', 'Jean-Luc'],
    ['Zoë', 'Zoë'],
    ['https://refund.example/claim', ''],
    ['www.refund.example', ''],
    ['Amara\r\nBcc: x@y.org', 'Amara'],
    ['refund@example.org', ''],
    ['$500', ''],
    ['A'.repeat(80), 'A'.repeat(40)],
    ['', ''],
  ])('%j greets as %j', (raw, expected) => {
    expect(greetingName(raw)).toBe(expected);
  });
});

describeBackends('acknowledgements', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeApi(backend);
  });
  afterAll(() => api.close());

  test('carry no visitor-chosen text in the subject and at most a first name', async () => {
    const bait = 'Your SIPA refund of $500 is ready: https://refund.example/claim';
    await postJson(api.app, '/api/contact', { ...VALID.contact, email: 'target1@example.org', name: bait, subject: bait, message: bait });
    await postJson(api.app, '/api/partnership-inquiry', { ...VALID.partnership, email: 'target1@example.org', companyName: bait, contactName: 'Dana Ruiz' });
    await postJson(api.app, '/api/volunteer-application', { ...VALID.volunteer, email: 'target1@example.org', firstName: 'https://refund.example' });
    const acks = await outboxOf(api, 'target1@example.org');
    expect(acks.map((m) => m.subject).sort()).toEqual(
      ['Thank you for applying to volunteer with SIPA', 'We received your message to SIPA', 'Your partnership inquiry to SIPA'].sort(),
    );
    for (const ack of acks) {
      expect(ack.text_body).not.toContain('refund');
      expect(ack.html_body).not.toContain('refund');
      expect(ack.text_body).not.toContain('$500');
    }
    expect(acks.find((m) => m.kind === 'contact.ack')!.text_body).toMatch(/^Hello Your,/);
    expect(acks.find((m) => m.kind === 'partnership.ack')!.text_body).toMatch(/^Hello Dana,/);
    expect(acks.find((m) => m.kind === 'volunteer.ack')!.text_body).toMatch(/^Hello,/);
  });

  test('go at most once an hour per address and form; later submissions are stored and reach staff', async () => {
    for (let i = 0; i < 5; i++) expect((await postJson(api.app, '/api/contact', { ...VALID.contact, email: 'target2@example.org' })).status).toBe(201);
    expect((await postJson(api.app, '/api/volunteer-application', { ...VALID.volunteer, email: 'target2@example.org' })).status).toBe(201);
    const acks = await outboxOf(api, 'target2@example.org');
    expect(acks.map((m) => m.kind).sort()).toEqual(['contact.ack', 'volunteer.ack']);
    const stored = await api.services.db.kysely.selectFrom('contact_messages').select('id').where('email', '=', 'target2@example.org').execute();
    expect(stored).toHaveLength(5);
    const staff = await api.services.db.kysely.selectFrom('outbox').select('headers').where('kind', '=', 'contact.staff').execute();
    expect(staff.filter((row) => (JSON.parse(row.headers) as Record<string, string>)['Reply-To'] === 'target2@example.org')).toHaveLength(5);
    // An hour later the address may be acknowledged again.
    await api.services.db.kysely.updateTable('mail_cooldowns').set({ until_at: Math.floor(Date.now() / 1000) - 1 }).execute();
    await postJson(api.app, '/api/contact', { ...VALID.contact, email: 'target2@example.org' });
    expect((await outboxOf(api, 'target2@example.org')).filter((m) => m.kind === 'contact.ack')).toHaveLength(2);
  });
});

describe('mail records', () => {
  test('log lines encode visitor text, so CR, LF and NUL cannot forge a line; stored header values have no line breaks', async () => {
    const api = await makeApi('sqlite');
    const lines: string[] = [];
    const original = console.log;
    console.log = (line: string) => lines.push(String(line));
    const forged = 'Acme\r\nmail: outbox 1 contact.ack to board@sipa.example: "Wire $5,000 today"\u2028x';
    try {
      // The schema refuses control characters in a company name, so the bait rides in the message.
      expect((await postJson(api.app, '/api/partnership-inquiry', { ...VALID.partnership, companyName: 'Acme', message: forged })).status).toBe(201);
      await api.services.db.write((trx) =>
        api.services.mailer.enqueue(trx, [{ kind: 'test.forged', to: 'a@example.org', subject: forged, text: 'x', headers: { 'X-Test': 'a\r\nBcc: victim@example.org' } }]),
      );
    } finally {
      console.log = original;
    }
    const mailLines = lines.join('\n').split(/\r\n|\r|\n|\u2028/);
    expect(mailLines.filter((line) => line.startsWith('mail: outbox'))).toHaveLength(3);
    expect(mailLines.every((line) => !line.startsWith('mail: outbox 1 '))).toBe(true);
    const row = await api.services.db.kysely.selectFrom('outbox').selectAll().where('kind', '=', 'test.forged').executeTakeFirstOrThrow();
    expect(row.subject).not.toMatch(/[\r\n\u2028]/);
    expect(JSON.parse(row.headers)['X-Test']).toBe('a Bcc: victim@example.org');
    expect(logText('a\r\n\u0000b')).toBe('"a\\r\\n\\u0000b"');
    expect(headerValue('a\r\n b\u0000c')).toBe('a b c');
    expect(['Plain subject', ' lead', 'trail\u00a0', 'two  spaces', 'tab\there', 'line\u2028sep', 'del\u007f'].map(headerValue)).toEqual([
      'Plain subject',
      'lead',
      'trail',
      'two spaces',
      'tab here',
      'line sep',
      'del',
    ]);
    await api.close();
  });

  test('without SMTP_URL the outbox keeps at most OUTBOX_LIMIT messages, the newest', async () => {
    const api = await makeApi('sqlite', { outboxLimit: 5 });
    const original = console.log;
    console.log = () => {};
    try {
      for (let i = 0; i < 6; i++) await postJson(api.app, '/api/contact', { ...VALID.contact, email: `bound${i}@example.org` });
      expect(await count(api.services, 'outbox')).toBe(12);
      await api.services.mailer.processOutbox();
    } finally {
      console.log = original;
    }
    const left = await api.services.db.kysely.selectFrom('outbox').select('to_address').execute();
    expect(left).toHaveLength(5);
    expect(left.map((row) => row.to_address)).toContain('bound5@example.org');
    expect(left.map((row) => row.to_address)).not.toContain('bound0@example.org');
    // The submissions themselves stay.
    expect(await count(api.services, 'contact_messages')).toBe(6);
    await api.close();
  });
});
