/**
 * The donor's mail, in the language the gift was made in: a receipt for each completed payment
 * and the yearly statement. A receipt says what a US donor needs to deduct a gift (IRS
 * Publication 1771): the organisation's legal name, EIN and address, the amount, the date, that
 * no goods or services were given in exchange, and a receipt number.
 */
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { formatCurrency, formatDate } from '../../../src/lib/i18n/format.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { addressLines } from '../../../src/lib/site-config.ts';
import { site } from '../../../src/lib/site.ts';
import type { GiftsTable } from '../db/types.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** Dates on receipts are the organisation's own day (Texas), whatever the server's zone. */
export const RECEIPT_TIME_ZONE = 'America/Chicago';

const AUTO = { 'Auto-Submitted': 'auto-generated' };
const legalName = site.legalName ?? site.name;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The organisation's block: legal name, address, EIN and status, as every receipt ends. */
function organisation(lang: Lang): string[] {
  return [
    message(lang, 'mailReceiptOrg', { legalName, taxStatus: site.taxStatus, ein: site.ein }),
    [legalName, ...addressLines(site), site.phoneDisplay].join('\n'),
  ];
}

function asMail(kind: string, to: string, subject: string, paragraphs: string[], lang: Lang): OutgoingMail {
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1a14">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { kind, to, subject, text: paragraphs.join('\n\n'), html, headers: AUTO, replyTo: site.mailboxes.info };
}

export const money = (amountCents: number, lang: Lang) => formatCurrency(amountCents / 100, lang);
export const receiptDate = (iso: string, lang: Lang) => formatDate(iso, lang, { dateStyle: 'long', timeZone: RECEIPT_TIME_ZONE });

type ReceiptGift = Pick<GiftsTable, 'email' | 'receipt_number' | 'amount_cents' | 'paid_at' | 'kind'>;

export function receiptMail(gift: ReceiptGift, lang: Lang): OutgoingMail {
  const org = { org: site.name };
  return asMail('donation.receipt', gift.email, message(lang, 'mailReceiptSubject', { ...org, number: gift.receipt_number }), [
    message(lang, 'mailHelloNoName'),
    message(lang, 'mailReceiptThanks', org),
    [
      message(lang, 'mailReceiptNumber', { number: gift.receipt_number }),
      message(lang, 'mailReceiptAmount', { amount: money(gift.amount_cents, lang) }),
      message(lang, 'mailReceiptDate', { date: receiptDate(gift.paid_at, lang) }),
      message(lang, 'mailReceiptKind', { kind: message(lang, gift.kind === 'monthly' ? 'mailReceiptMonthly' : 'mailReceiptOneTime') }),
    ].join('\n'),
    message(lang, 'mailReceiptNoGoods'),
    ...organisation(lang),
  ], lang);
}

/** One statement of a year's gifts (receipt numbers, dates, amounts, kinds) and their total. */
export function statementMail(email: string, year: number, gifts: ReceiptGift[], lang: Lang): OutgoingMail {
  const org = { org: site.name };
  const total = gifts.reduce((sum, gift) => sum + gift.amount_cents, 0);
  const lines = gifts.map(
    (gift) =>
      `${receiptDate(gift.paid_at, lang)} · ${money(gift.amount_cents, lang)} · ${message(lang, gift.kind === 'monthly' ? 'mailReceiptMonthly' : 'mailReceiptOneTime')} · ${message(lang, 'mailReceiptNumber', { number: gift.receipt_number })}`,
  );
  return asMail('donation.statement', email, message(lang, 'mailStatementSubject', { ...org, year }), [
    message(lang, 'mailHelloNoName'),
    message(lang, 'mailStatementIntro', { ...org, year }),
    lines.join('\n'),
    message(lang, 'mailStatementTotal', { year, amount: money(total, lang) }),
    message(lang, 'mailReceiptNoGoods'),
    ...organisation(lang),
  ], lang);
}
