/**
 * A campaign's MIME message, composed once and finished per recipient.
 *
 * Composing each copy from scratch with nodemailer's MailComposer (a node tree, header
 * normalisation, random boundaries, streamed quoted-printable encoders) was the largest cost of a
 * broadcast. Every copy of a campaign differs only in To, Date, Message-ID, List-Unsubscribe, the
 * footer's unsubscribe link and the footer's language (the subscriber's), so the rest is encoded
 * once per language: the bodies are quoted-printable up to a hard line break just before the
 * per-recipient footer text, and only that short tail is encoded for each copy. nodemailer still
 * transmits the result (and signs it when DKIM is configured).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { headerValue } from '../mail/outbox.ts';
import { campaignCopy, type RecipientLinks } from './content.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG, type Lang } from '../../../src/lib/i18n/languages.ts';

export interface CampaignContent {
  subject: string;
  body_html: string;
  body_text: string;
  /** The one language a campaign was sent to, if any: the language its HTML says it is in (`<html lang>`). */
  audience_lang?: string | null;
}

export interface RawMessage {
  /** The envelope sender: the bare address of `from`. */
  from: string;
  to: string;
  subject: string;
  raw: string;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
const quotedPrintable = (text: string) => qpWrap(qpEncode(crlf(text)), 76);
const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** A header line, its value encoded as RFC 2047 words when it is not plain ASCII, folded at 76. */
function header(name: string, value: string): string {
  // A line break in a value would end the header and start one of the value's choosing (a
  // campaign stored before its subject was checked): folded to spaces first, as the outbox does.
  value = headerValue(value);
  return foldLines(`${name}: ${isAscii(value) ? value : encodeWords(value, 'Q', 52)}`, 76);
}

/** `Name <address>` with the name quoted or encoded as needed. */
function mailbox(from: string): { header: string; address: string } {
  const [first] = addressparser(from, { flatten: true });
  const address = first && 'address' in first && first.address ? first.address : from.trim();
  const name = first?.name ?? '';
  if (!name) return { header: address, address };
  const shown = isAscii(name) ? (/^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name) ? name : `"${name.replace(/(["\\])/g, '\\$1')}"`) : encodeWords(name, 'Q', 52);
  return { header: `${shown} <${address}>`, address };
}

/** The recipient's address with its domain in ASCII (IDNA), as it goes into the To header. */
function recipientAddress(to: string): string {
  const at = to.lastIndexOf('@');
  if (at < 0 || isAscii(to)) return to;
  return `${to.slice(0, at)}@${domainToASCII(to.slice(at + 1)) || to.slice(at + 1)}`;
}

/** Everything about a campaign's copies that does not depend on the recipient, ready to finish per recipient. */
export function campaignMessage(campaign: CampaignContent, options: { from: string; subjectPrefix?: string }) {
  const subject = `${options.subjectPrefix ?? ''}${campaign.subject}`;
  // A campaign to one language's subscribers is written in that language; one to all, in the default.
  const contentLang = campaign.audience_lang ? langOrDefault(campaign.audience_lang) : DEFAULT_LANG;
  const sender = mailbox(options.from);
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1) || 'localhost';
  const boundary = `----sipa-${randomBytes(12).toString('hex')}`;
  const part = (type: string) => `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;

  /** The copy with its footer in one language, encoded once, on the first recipient who reads it. */
  function composed(lang: Lang) {
    const copy = campaignCopy({ ...campaign, subject }, lang, contentLang);
    const fixedHeaders = [
      header('From', sender.header),
      header('Subject', subject),
      ...Object.entries(copy.fixedHeaders).map(([name, value]) => header(name, value)),
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
    ].join('\r\n');
    // Each body before its footer ends with a hard line break, so its encoding ends a line and the
    // per-recipient tail can follow it as it is.
    return { copy, fixedHeaders, textStart: quotedPrintable(copy.text.before), htmlStart: quotedPrintable(copy.html.before) };
  }
  const byLang = new Map<Lang, ReturnType<typeof composed>>();

  return {
    subject,
    /** One recipient's message, ready for SMTP, its footer in the recipient's language (`links.lang`). */
    forRecipient(to: string, links: RecipientLinks): RawMessage {
      const lang = links.lang ?? DEFAULT_LANG;
      let prepared = byLang.get(lang);
      if (!prepared) byLang.set(lang, (prepared = composed(lang)));
      const { copy, fixedHeaders, textStart, htmlStart } = prepared;
      const raw =
        `${fixedHeaders}\r\n` +
        `${header('To', recipientAddress(to))}\r\n` +
        `Date: ${new Date().toUTCString().replace(/GMT$/, '+0000')}\r\n` +
        `Message-ID: <${randomUUID()}@${domain}>\r\n` +
        `${foldLines(`List-Unsubscribe: ${copy.listUnsubscribe(links)}`, 76)}\r\n\r\n` +
        part('text/plain') +
        textStart +
        quotedPrintable(copy.text.after(links)) +
        '\r\n' +
        part('text/html') +
        htmlStart +
        quotedPrintable(copy.html.after(links)) +
        `\r\n--${boundary}--\r\n`;
      return { from: sender.address, to, subject, raw };
    },
  };
}
