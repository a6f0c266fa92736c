/**
 * The input guard (src/input-guard.ts) on both databases: NUL, other controls and lone surrogates
 * refused with 400 { message, issues } in every body and query, staff and auth routes included;
 * a campaign subject that would start a mail header refused (and folded in a stored one);
 * malformed bodies to the sign-in endpoints answered 400, never 500; an upload that breaks off
 * over a real socket logs one line, not a stack.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { listen } from '../src/server.ts';
import { campaignMessage } from '../src/newsletter-broadcast/mime.ts';
import { count, describeBackends, makeApi, postForm, VALID, type TestApi } from './helpers.ts';
import { seedSubscribers, staffCookies } from './broadcast-helpers.ts';
import { ADMIN } from './staff-helpers.ts';

const FIELD = 'Please remove the control characters from this field';
const INVALID = 'Please check the highlighted fields and try again.';

type Who = 'none' | 'admin' | 'member';
/** [who, method, path, body, the field named in the refusal] */
type Case = [Who, string, string, Record<string, unknown> | undefined, string];

/** Every body and query the API reads, each with a hostile value in one field. */
function cases(bad: string): Case[] {
  const email = `a${bad}@example.org`;
  return [
    ['none', 'POST', '/api/auth/sign-in/username', { username: `director${bad}`, password: 'x' }, 'username'],
    ['none', 'POST', '/api/auth/sign-in/username', { username: 'director', password: `pass${bad}` }, 'password'],
    ['none', 'POST', '/api/auth/email-otp/request-password-reset', { email }, 'email'],
    ['none', 'POST', '/api/auth/email-otp/reset-password', { email: 'director@example.org', otp: `12${bad}`, password: 'Harambee#2027' }, 'otp'],
    ['none', 'POST', '/api/auth/resend-code', { email }, 'email'],
    ['none', 'POST', '/api/auth/confirm-sign-up', { email, code: '123456' }, 'email'],
    ['none', 'POST', '/api/auth/sign-in/social', { provider: `google${bad}` }, 'provider'],
    ['none', 'POST', '/api/auth/two-factor/verify-totp', { code: `12${bad}` }, 'code'],
    ['none', 'POST', '/api/auth/two-factor/verify-backup-code', { code: `ab${bad}` }, 'code'],
    ['none', 'POST', '/api/newsletter-signup', { email }, 'email'],
    ['none', 'POST', '/api/contact', { ...VALID.contact, message: `hi ${bad}` }, 'message'],
    ['none', 'POST', '/api/newsletter/confirm', { token: `t${bad}` }, 'token'],
    ['none', 'GET', `/api/newsletter/unsubscribe?token=${encodeURIComponent('t')}${encodeBad(bad)}`, undefined, 'token'],
    ['admin', 'POST', '/api/auth/change-password', { currentPassword: `x${bad}`, newPassword: 'Harambee#2027' }, 'currentPassword'],
    ['admin', 'POST', '/api/auth/verify-user/confirm', { code: `1${bad}` }, 'code'],
    ['admin', 'POST', '/api/auth/two-factor/enable', { password: `x${bad}` }, 'password'],
    ['admin', 'POST', '/api/send-newsletter', { subject: `News${bad}`, body_html: '<p>Hello</p>', body_text: 'Hello' }, 'subject'],
    ['admin', 'POST', '/api/send-newsletter', { subject: 'News', body_html: `<p>Hello${bad}</p>`, body_text: 'Hello' }, 'body_html'],
    ['admin', 'POST', '/api/send-newsletter', { subject: 'News', body_html: '<p>Hello</p>', body_text: `Hello${bad}` }, 'body_text'],
    ['admin', 'POST', '/api/newsletter-campaigns/test', { subject: `News${bad}`, body_html: '<p>Hello</p>', body_text: 'Hello' }, 'subject'],
    ['admin', 'POST', '/api/newsletter-campaigns/preview', { body_html: `<p>${bad}</p>` }, 'body_html'],
    ['admin', 'POST', '/api/inbox/forget', { email }, 'email'],
    ['admin', 'GET', `/api/subscribers?q=a${encodeBad(bad)}`, undefined, 'q'],
    ['admin', 'GET', `/api/inbox/contact?q=a${encodeBad(bad)}`, undefined, 'q'],
    ['admin', 'GET', `/api/subscribers/export.csv?status=${encodeBad(bad)}`, undefined, 'status'],
    ['member', 'POST', '/api/tasks', { content: `task ${bad}` }, 'content'],
  ];
}

/** How a client puts the value into a URL: a lone surrogate as the bytes of its UTF-8-like encoding. */
function encodeBad(bad: string): string {
  return bad.isWellFormed() ? encodeURIComponent(bad) : '%ED%A0%80';
}

describeBackends('the input guard', (backend) => {
  let api: TestApi;
  let cookies: { admin: string; member: string };
  beforeAll(async () => {
    api = await makeApi(backend);
    cookies = await staffCookies(api);
    await seedSubscribers(api.services, 2, 'confirmed');
  }, 60_000);
  afterAll(() => api.close());

  const send = (who: Who, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who === 'none' ? {} : { cookie: cookies[who] }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  test.each([
    ['NUL', '\u0000'],
    ['a bell (C0)', '\u0007'],
    ['DEL', '\u007f'],
    ['a lone surrogate', '\ud800'],
  ])('%s in every body and query: 400 { message, issues } naming the field, nothing stored', async (_name, bad) => {
    const tables = ['subscribers', 'contact_messages', 'newsletter_campaigns', 'tasks', 'outbox'] as const;
    const before = await Promise.all(tables.map((table) => count(api.services, table)));
    const answers: string[] = [];
    for (const [who, method, path, body, field] of cases(bad)) {
      const response = await send(who, method, path, body);
      const answer = (await response.json()) as { message?: string; issues?: Array<{ path: string; message: string }> };
      const named = answer.issues?.find((issue) => issue.path === field);
      answers.push(`${response.status} ${method} ${path} ${field}: ${named ? 'named' : JSON.stringify(answer).slice(0, 120)}`);
    }
    expect(answers).toEqual(cases(bad).map(([, method, path, , field]) => `400 ${method} ${path} ${field}: named`));
    expect(await Promise.all(tables.map((table) => count(api.services, table)))).toEqual(before);
  });

  test('the refusal keeps each screen\'s wording and shape', async () => {
    const contact = await send('none', 'POST', '/api/contact', { ...VALID.contact, name: 'Amara\u0000' });
    expect(await contact.json()).toEqual({ message: INVALID, issues: [{ path: 'name', message: FIELD }] });
    const french = await send('none', 'POST', '/api/contact', { ...VALID.contact, name: 'Amara\u0000', lang: 'fr' });
    expect(((await french.json()) as { issues: unknown[] }).issues).toEqual([{ path: 'name', message: 'Veuillez retirer les caractères de contrôle de ce champ' }]);
    const signIn = await send('none', 'POST', '/api/auth/sign-in/username', { username: 'Director\u0000', password: ADMIN.password });
    expect(await signIn.json()).toEqual({ message: INVALID, issues: [{ path: 'username', message: FIELD }] });
    const task = await send('member', 'POST', '/api/tasks', { content: 'nul\u0000' });
    expect(await task.json()).toEqual({ message: INVALID, issues: [{ path: 'content', message: 'Remove the control characters from this task' }] });
    const search = await send('admin', 'GET', '/api/inbox/contact?q=a%00b', undefined);
    expect(await search.json()).toEqual({ message: 'Please check the search and filters and try again.', issues: [{ path: 'q', message: 'Remove control characters from this field' }] });
    // Tab and line breaks stay allowed where text may span lines (a newsletter's plain text).
    const lines = await send('admin', 'POST', '/api/newsletter-campaigns/preview', { body_html: '<p>One</p>\n\t<p>Two</p>\r\n' });
    expect(lines.status).toBe(200);
  });

  test('plain form posts: a public form goes to its error page, the login form to its page', async () => {
    const form = await postForm(api.app, '/api/contact', Object.entries({ ...VALID.contact, message: 'x\u0000' }) as Array<[string, string]>);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=contact#invalid');
    // A lone surrogate (which a browser's encoder replaces) as the bytes any other client can send.
    const bytes = await api.app.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `name=x%ED%A0%80&email=a%40example.org&subject=Hi&message=Hi` });
    expect(bytes.status).toBe(303);
    expect(bytes.headers.get('location')).toBe('/form-error?form=contact#invalid');
    const login = await postForm(api.app, '/api/auth/sign-in/username', [['username', 'Director\u0000'], ['password', ADMIN.password]]);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/admin/login?error=invalid');
  });

  test('a campaign subject with a line break or tab is refused: it would start a header in every copy', async () => {
    for (const subject of ['Hello\r\nBcc: victim@example.org', 'Hello\nX-Evil: 1', 'Hello\tthere']) {
      for (const path of ['/api/send-newsletter', '/api/newsletter-campaigns/test']) {
        const response = await send('admin', 'POST', path, { subject, body_html: '<p>Hello</p>', body_text: 'Hello' });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { issues: unknown[] }).issues).toEqual([{ path: 'subject', message: 'Subject Line must be one line, without line breaks or tabs' }]);
      }
    }
    expect(await count(api.services, 'newsletter_campaigns')).toBe(0);
  });

  test('malformed bodies to the sign-in endpoints are 400, not 500', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const provider of [{ toString: 1 }, { valueOf: 1, toString: 1 }, ['google'], 42, null, true]) {
        const response = await send('none', 'POST', '/api/auth/sign-in/social', { provider });
        expect(response.status, JSON.stringify(provider)).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe('This sign-in provider is not supported.');
      }
      const paths = ['verify-totp', 'verify-otp', 'verify-backup-code', 'send-otp', 'enable', 'generate-backup-codes', 'turn-off'];
      for (const who of ['none', 'admin'] as const) {
        for (const path of paths) {
          for (const body of ['', ' ', '\r\n']) {
            const response = await send(who, 'POST', `/api/auth/two-factor/${path}`, body);
            expect(response.status, `${who} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
            // Only the call without fields (a code mailed to the signed-in member) may succeed.
            if (path !== 'send-otp') expect(response.status).not.toBe(200);
          }
        }
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});

test('a stored campaign subject with a line break is folded into one header line', () => {
  const message = campaignMessage({ subject: 'Hello\r\nBcc: victim@example.org', body_html: '<p>x</p>', body_text: 'x' }, { from: 'SIPA <news@sipa.example.org>' });
  const { raw } = message.forRecipient('reader@example.org', { unsubscribeUrl: 'https://sipa.example.org/u' });
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  expect(head).toContain('Subject: Hello Bcc: victim@example.org\r\n');
  expect(head).not.toMatch(/^Bcc:/im);
});

test('an upload that breaks off over a real socket logs one line, not a stack', async () => {
  const api = await makeApi('sqlite');
  const server = await listen(api.app, { port: 0, hostname: '127.0.0.1', maxConnections: 50 });
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(args.map((arg) => (arg instanceof Error ? String(arg.stack) : String(arg))).join(' '));
  const errors = vi.spyOn(console, 'error').mockImplementation(record);
  const warnings = vi.spyOn(console, 'warn').mockImplementation(record);
  try {
    const cookies = await staffCookies(api);
    const { port } = server.address() as AddressInfo;
    for (const [path, type, cookie] of [
      ['/api/subscribers/import', 'text/csv', cookies.admin],
      ['/api/contact', 'application/json', ''],
      ['/api/auth/sign-in/username', 'application/json', ''],
    ] as const) {
      const before = lines.length;
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: 20000\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`);
      socket.write('email\r\n' + 'someone@example.org\r\n'.repeat(100));
      // The server has the first part; the client goes away with the rest unsent.
      socket.destroy();
      await expect.poll(() => lines.length - before, { timeout: 60_000 }).toBe(1);
      expect(lines.at(-1)).toBe(`api: POST ${path}: the request body broke off before its end; nothing was done`);
    }
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  }
});
