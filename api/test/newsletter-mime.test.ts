/**
 * The broadcast's own MIME composition (api/src/newsletter-broadcast/mime.ts): what a mail client
 * decodes must be exactly the campaign's copy with the recipient's footer, whatever the script.
 */
import { describe, expect, test } from 'vitest';
import { campaignMessage } from '../src/newsletter-broadcast/mime.ts';

const LINKS = {
  unsubscribeUrl: 'https://sipa.example.org/api/newsletter/unsubscribe?token=0d9c1f5e-6f0a-4a57-9d1e-2b4c8e7a9f10.abcdefghijklmnopqrstuvwxyz012345',
  unsubscribeMailto: 'mailto:unsubscribe@sipa.example.org?subject=unsubscribe%20abc',
};
const CAMPAIGN = {
  subject: 'Habari za Machi — café & ÉCOLE news',
  body_html: `<html><body><h1>Karibu</h1><p>${'Nous accueillons les familles. '.repeat(12)}</p><p>Ünïcode ✓ = 100%</p></body></html>`,
  body_text: `Karibu\n\n${'Nous accueillons les familles. '.repeat(12)}\nÜnïcode ✓ = 100%   \nLast line`,
};

/** RFC 2047 encoded words (B or Q) back to text. */
function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text; elsewhere it is.
  return value.replace(/(=\?utf-8\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function headers(raw: string): Map<string, string> {
  const block = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(block.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** The decoded body of each part, keyed by content type. */
function parts(raw: string): Record<string, string> {
  const boundary = /boundary="([^"]+)"/.exec(headers(raw).get('content-type')!)![1]!;
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  expect(body.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
  const result: Record<string, string> = {};
  for (const section of body.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = section.replace(/^\r\n/, '').split('\r\n\r\n');
    expect(head).toContain('Content-Transfer-Encoding: quoted-printable');
    const encoded = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    for (const line of encoded.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    const bytes = Buffer.from(encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    result[/Content-Type: ([^;]+)/.exec(head!)![1]!] = bytes.toString('utf8');
  }
  return result;
}

describe('a campaign message, composed once and finished per recipient', () => {
  const message = campaignMessage(CAMPAIGN, { from: 'SIPA Café <news@sipa.example.org>' });
  const first = message.forRecipient('amina@example.org', LINKS);
  const second = message.forRecipient('jean@example.org', { unsubscribeUrl: 'https://sipa.example.org/api/newsletter/unsubscribe?token=other' });

  test('headers: sender, recipient and subject decode to the originals; both list headers; multipart', () => {
    const h = headers(first.raw);
    expect(decodeWords(h.get('from')!)).toBe('SIPA Café <news@sipa.example.org>');
    expect(h.get('to')).toBe('amina@example.org');
    expect(decodeWords(h.get('subject')!)).toBe('Habari za Machi — café & ÉCOLE news');
    expect(h.get('list-unsubscribe')).toBe(`<${LINKS.unsubscribeUrl}>, <${LINKS.unsubscribeMailto}>`);
    expect(h.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(h.get('list-id')).toBe('SIPA newsletter <newsletter.sipa.example.org>');
    expect(h.get('precedence')).toBe('bulk');
    expect(h.get('mime-version')).toBe('1.0');
    expect(h.get('message-id')).toMatch(/^<[0-9a-f-]{36}@sipa\.example\.org>$/);
    expect(h.get('content-type')).toMatch(/^multipart\/alternative; boundary="[^"]+"$/);
    expect(first).toMatchObject({ from: 'news@sipa.example.org', to: 'amina@example.org', subject: CAMPAIGN.subject });
    for (const line of first.raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(first.raw).not.toMatch(/[^\r]\n/);
  });

  test('the parts decode to the campaign copy with this recipient\'s footer, line breaks as CRLF', () => {
    const decoded = parts(first.raw);
    expect(decoded['text/plain']).toBe(
      `Karibu\r\n\r\n${'Nous accueillons les familles. '.repeat(12)}\r\nÜnïcode ✓ = 100%   \r\nLast line\r\n\r\n-- \r\n` +
        'You receive this newsletter because you subscribed at sipa.example.org and confirmed your address.\r\n' +
        `Unsubscribe: ${LINKS.unsubscribeUrl}\r\nSIPA, 100 Example Street, Suite 200, Grapevine, TX 76051\r\n`,
    );
    const html = decoded['text/html']!;
    // The campaign's body inside the template (template.ts): the pasted document's own <html> and <body> give way to it.
    expect(html.startsWith('<!doctype html>\r\n<html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain(`color:#1e1a16">\r\n<h1>Karibu</h1><p>${'Nous accueillons les familles. '.repeat(12)}</p><p>Ünïcode ✓ = 100%</p>\r\n</td></tr>`);
    expect(html.match(/<body/g)).toHaveLength(1);
    expect(html).toContain(`<a href="${LINKS.unsubscribeUrl}" style="color:#555555">Unsubscribe</a>`);
    expect(html.endsWith('SIPA · 100 Example Street, Suite 200, Grapevine, TX 76051</p></div></td></tr></table></td></tr></table></body></html>\r\n')).toBe(true);
  });

  test('two recipients share everything but their address, ids and unsubscribe links', () => {
    expect(parts(second.raw)['text/plain']).toContain('Unsubscribe: https://sipa.example.org/api/newsletter/unsubscribe?token=other\r\n');
    expect(headers(second.raw).get('list-unsubscribe')).toBe('<https://sipa.example.org/api/newsletter/unsubscribe?token=other>');
    expect(headers(second.raw).get('message-id')).not.toBe(headers(first.raw).get('message-id'));
    const shared = (raw: string) => {
      const rest = raw.replace(/^(To|Date|Message-ID|List-Unsubscribe):.*(\r\n[ \t].*)*\r\n/gm, '');
      return [rest.slice(0, rest.indexOf('Unsubscribe: ')), rest.slice(rest.indexOf('text/html'), rest.indexOf('<a href=3D'))];
    };
    expect(shared(second.raw)).toEqual(shared(first.raw));
  });

  test('a test copy carries the prefix in its subject', () => {
    const copy = campaignMessage(CAMPAIGN, { from: 'news@sipa.example.org', subjectPrefix: '[Test] ' }).forRecipient('director@example.org', { unsubscribeUrl: 'https://sipa.example.org/newsletter/unsubscribe' });
    expect(decodeWords(headers(copy.raw).get('subject')!)).toBe('[Test] Habari za Machi — café & ÉCOLE news');
    expect(headers(copy.raw).get('from')).toBe('news@sipa.example.org');
  });
});
