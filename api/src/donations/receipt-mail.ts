/**
 * The donor's mail, in the language the gift was made in: a receipt for each completed payment
 * and the yearly statement. A receipt says what a US donor needs to deduct a gift (IRS
 * Publication 1771): the organisation's legal name, EIN and address, the amount, the date, that
 * no goods or services were given in exchange, and a receipt number.
 */
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { formatCurrency, formatDate } from '../../../src/lib/i18n/format.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { ORGANISATION_TIME_ZONE } from '../../../src/lib/organisation-calendar.ts';
import { addressLines } from '../../../src/lib/site-config.ts';
import { site } from '../../../src/lib/site.ts';
import type { GiftsTable } from '../db/types.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** Dates on receipts are the organisation's own day (content/site.json `timeZone`), whatever the server's zone. */
export const RECEIPT_TIME_ZONE = ORGANISATION_TIME_ZONE;

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

export const money = (amountCents: number | string, lang: Lang) => formatCurrency(Number(amountCents) / 100, lang);
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

/** A gift as a statement lists it: what counts of it is what was paid less what was refunded. */
export type StatementGift = ReceiptGift & { refunded_cents: number | string };

export interface StatementOptions {
  /** When the statement this one replaces was sent (the donor's gifts changed since). */
  replaces?: string | null;
}

/**
 * One statement of a year's gifts that count (completed, net of refunds: receipt numbers, dates,
 * amounts, kinds) and their total. It matches the receipts: each line is a receipt's amount,
 * with what was refunded of it and what still counts.
 */
export function statementMail(email: string, year: number, gifts: StatementGift[], lang: Lang, options: StatementOptions = {}): OutgoingMail {
  const org = { org: site.name };
  const net = (gift: StatementGift) => Number(gift.amount_cents) - Number(gift.refunded_cents);
  const total = gifts.reduce((sum, gift) => sum + net(gift), 0);
  const lines = gifts.map((gift) => {
    const refunded = Number(gift.refunded_cents);
    const parts = [
      receiptDate(gift.paid_at, lang),
      money(gift.amount_cents, lang),
      ...(refunded ? [message(lang, 'mailStatementRefunded', { refunded: money(refunded, lang), net: money(net(gift), lang) })] : []),
      message(lang, gift.kind === 'monthly' ? 'mailReceiptMonthly' : 'mailReceiptOneTime'),
      message(lang, 'mailReceiptNumber', { number: gift.receipt_number }),
    ];
    return parts.join(' · ');
  });
  return asMail('donation.statement', email, message(lang, 'mailStatementSubject', { ...org, year }), [
    message(lang, 'mailHelloNoName'),
    ...(options.replaces ? [message(lang, 'mailStatementCorrection', { date: receiptDate(options.replaces, lang) })] : []),
    message(lang, 'mailStatementIntro', { ...org, year }),
    gifts.length ? lines.join('\n') : message(lang, 'mailStatementNothingLeft', { year }),
    message(lang, 'mailStatementTotal', { year, amount: money(total, lang) }),
    message(lang, 'mailReceiptNoGoods'),
    ...organisation(lang),
  ], lang);
}
