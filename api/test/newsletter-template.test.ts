/**
 * The template every campaign is sent in, read as a real SMTP peer receives it: text typed
 * without tags arrives as paragraphs in both parts, inside the organisation's template (name,
 * logo, colours, dark mode, phone width) with the postal address and the unsubscribe link at the
 * foot; the preview shows the same document; a test copy goes to the signed-in administrator only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeBackends, makeApi, type TestApi } from './helpers.ts';
import { seedSubscribers, sendNewsletter, staffCookies } from './broadcast-helpers.ts';
import { readMail } from './mail-reader.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { paragraphsFromText, sanitizeNewsletterHtml } from '../src/newsletter-broadcast/content.ts';

/** What a tired volunteer types into HTML Content on a phone: no tags, blank lines between paragraphs. */
const TYPED = 'Dear friends,\n\nOur spring workshops open on Saturday.\nBring the children!\n\nDetails: https://sipa.example.org/events.\n\nSIPA & team';
const TYPED_HTML =
  '<p>Dear friends,</p>\n<p>Our spring workshops open on Saturday.<br />Bring the children!</p>\n' +
  '<p>Details: <a href="https://sipa.example.org/events" rel="noopener">https://sipa.example.org/events</a>.</p>\n<p>SIPA &amp; team</p>';
const TYPED_TEXT = 'Dear friends,\n\nOur spring workshops open on Saturday.\nBring the children!\n\nDetails: https://sipa.example.org/events.\n\nSIPA & team';

describe('text typed without tags', () => {
  test('is written as paragraphs: a blank line starts one, a line break stays one, https addresses are links', () => {
    expect(sanitizeNewsletterHtml(TYPED)).toBe(TYPED_HTML);
    expect(paragraphsFromText('One\r\n\r\n\r\nTwo <b>not bold</b>?')).toBe('<p>One</p>\n<p>Two &lt;b&gt;not bold&lt;/b&gt;?</p>');
  });
  test('HTML with tags is left as written', () => {
    expect(sanitizeNewsletterHtml('<p>One\n\nstill one</p>')).toBe('<p>One\n\nstill one</p>');
  });
});

/** The template's marks in a received HTML part. */
function expectTemplate(html: string) {
  expect(html.startsWith('<!doctype html>\r\n<html lang="en">')).toBe(true);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('<meta name="color-scheme" content="light dark">');
  expect(html).toContain('@media (prefers-color-scheme: dark)');
  expect(html).toContain('style="width:100%;max-width:600px;background:#ffffff;border-radius:8px"');
  expect(html).toContain('<td style="background:#1f3d33;');
  expect(html).toContain('<img src="https://sipa.example.org/apple-touch-icon.png" width="48" height="48" alt=""');
  expect(html).toMatch(/>SIPA<\/a><\/td><\/tr>/);
  expect(html).toContain('font-size:17px;line-height:1.6;color:#1e1a16');
  expect(html).toContain('SIPA · 100 Example Street, Suite 200, Grapevine, TX 76051</p></div></td></tr></table></td></tr></table></body></html>');
}

describeBackends('the newsletter template, as received', (backend) => {
  let api: TestApi;
  let sink: SmtpSink;
  let cookies: { admin: string };
  beforeAll(async () => {
    sink = await startSmtpSink({ keepRaw: true });
    api = await makeApi(backend, { smtpUrl: sink.url, newsletterRatePerSecond: 0 });
    cookies = await staffCookies(api);
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });
  const post = (path: string, body: unknown) =>
    api.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.admin }, body: JSON.stringify(body) });

  test('the preview is the campaign in the template with the footer, and its plain text keeps paragraphs and links', async () => {
    const response = await post('/api/newsletter-campaigns/preview', { body_html: TYPED });
    const preview = (await response.json()) as { html: string; text: string; document: string };
    expect(preview.html).toBe(TYPED_HTML);
    expect(preview.text).toBe(TYPED_TEXT);
    expectTemplate(preview.document.replace(/\n/g, '\r\n'));
    expect(preview.document).toContain(`style="padding:24px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:17px;line-height:1.6;color:#1e1a16">\n${TYPED_HTML}\n</td></tr>`);
    expect(preview.document).toContain('<a href="https://sipa.example.org/newsletter/unsubscribe" style="color:#555555">Unsubscribe</a>');
  });

  test('a test copy in the template goes to the signed-in administrator only', async () => {
    await seedSubscribers(api.services, 3, 'confirmed', 'template-test');
    const before = sink.messages.length;
    const response = await post('/api/newsletter-campaigns/test', { subject: 'Spring', body_html: TYPED, body_text: TYPED_TEXT });
    expect(response.status).toBe(200);
    expect(sink.messages.slice(before).map((m) => m.to)).toEqual(['director@example.org']);
    const mail = readMail(sink.messages.slice(before).find((m) => m.to === 'director@example.org')!.raw);
    expectTemplate(mail.html);
    expect(mail.html).toContain(TYPED_HTML.replace(/\n/g, '\r\n'));
  });

  test('every subscriber\'s copy is in the template, with paragraphs intact in both parts', async () => {
    const before = sink.messages.length;
    const answer = await sendNewsletter(api, { subject: 'Spring', body_html: TYPED, body_text: TYPED_TEXT }, cookies.admin);
    expect(answer.status).toBe(200);
    await api.services.broadcast.runner.runOnce();
    const received = sink.messages.slice(before);
    expect(received.map((m) => m.to).sort()).toEqual(['template-test-0@example.org', 'template-test-1@example.org', 'template-test-2@example.org']);
    for (const message of received) {
      const mail = readMail(message.raw);
      expectTemplate(mail.html);
      expect(mail.html).toContain(`\r\n${TYPED_HTML.replace(/\n/g, '\r\n')}\r\n</td></tr>`);
      expect(mail.text.startsWith(`${TYPED_TEXT.replace(/\n/g, '\r\n')}\r\n\r\n-- \r\n`)).toBe(true);
    }
  });
});
