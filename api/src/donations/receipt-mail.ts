/**
 * The donor's mail, in the language the gift was made in: a receipt for each completed payment
 * and the yearly statement. A receipt says what a US donor needs to deduct a gift (IRS
 * Publication 1771): the organisation's legal name, EIN and address, the amount, the date, that
 * no goods or services were given in exchange, and a receipt number.
 */
import { DONATION_PRESETS, type DonationPreset } from '../../../src/lib/constants.ts';
import { message, type MessageKey } from '../../../src/lib/i18n/catalogue.ts';
import { formatCurrency, formatDate } from '../../../src/lib/i18n/format.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { ORGANISATION_TIME_ZONE, zonedYear } from '../../../src/lib/organisation-calendar.ts';
import { site } from '../../../src/lib/site.ts';
import type { GiftsTable } from '../db/types.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { greetingName } from '../mail/templates.ts';
import { asDonorMail, organisationLines, type DonorMail, type DonorMailBlock } from './donor-mail.ts';

/** Dates on receipts are the organisation's own day (content/site.json `timeZone`), whatever the server's zone. */
export const RECEIPT_TIME_ZONE = ORGANISATION_TIME_ZONE;

const legalName = site.legalName ?? site.name;

/** The "Manage my giving" page in the donor's language, on the public site. */
export const manageGivingUrl = (lang: Lang, base: string = site.url) => `${base.replace(/\/+$/, '')}${localizePath('/manage-giving', lang)}`;

/** The organisation's block as every receipt ends: legal name, tax status, EIN, then the address. */
function organisation(lang: Lang): string[] {
  return [message(lang, 'mailReceiptOrg', { legalName, taxStatus: site.taxStatus, ein: site.ein }), organisationLines().join('\n')];
}

/** "Hello Renée," from the name PayPal gave, "Hello," without one. */
const hello = (name: string, lang: Lang) => {
  const first = greetingName(name);
  return first ? message(lang, 'mailHello', { name: first }) : message(lang, 'mailHelloNoName');
};

/** What a preset amount does (the donation page's impact texts); another amount gets the general line. */
export function impactLine(amountCents: number, lang: Lang): string {
  const dollars = amountCents / 100;
  const preset = DONATION_PRESETS.find((amount) => amount === dollars) as DonationPreset | undefined;
  if (preset === undefined) return message(lang, 'mailReceiptImpactOther');
  return message(lang, 'mailReceiptImpact', { amount: money(amountCents, lang), impact: message(lang, `donationImpact${preset}`) });
}

export const money = (amountCents: number | string, lang: Lang) => formatCurrency(Number(amountCents) / 100, lang);
export const receiptDate = (iso: string, lang: Lang) => formatDate(iso, lang, { dateStyle: 'long', timeZone: RECEIPT_TIME_ZONE });

type ReceiptGift = Pick<GiftsTable, 'email' | 'receipt_number' | 'amount_cents' | 'paid_at' | 'kind'> & { name?: string };

/** One of the receipt's facts: its label and value for the HTML table, its catalogue line for the text part. */
function fact(lang: Lang, label: MessageKey, line: MessageKey, params: Record<string, string>) {
  return { label: message(lang, label), value: Object.values(params)[0]!, line: message(lang, line, params) };
}

/** The receipt's mail: its facts, what the gift does, the IRS wording, and for a monthly gift how to manage it. */
export function receiptDocument(gift: ReceiptGift, lang: Lang): DonorMail {
  const org = { org: site.name };
  const amountCents = Number(gift.amount_cents);
  const monthly = gift.kind === 'monthly';
  const manage: DonorMailBlock[] = [
    message(lang, monthly ? 'mailReceiptManageMonthly' : 'mailReceiptManage'),
    { button: { label: message(lang, 'mailManageGivingButton'), url: manageGivingUrl(lang) } },
  ];
  return {
    kind: 'donation.receipt',
    to: gift.email,
    lang,
    subject: message(lang, 'mailReceiptSubject', { ...org, number: gift.receipt_number }),
    blocks: [
      hello(gift.name ?? '', lang),
      message(lang, 'mailReceiptThanks', org),
      impactLine(amountCents, lang),
      {
        rows: [
          fact(lang, 'mailReceiptNumberLabel', 'mailReceiptNumber', { number: gift.receipt_number }),
          fact(lang, 'mailReceiptAmountLabel', 'mailReceiptAmount', { amount: money(amountCents, lang) }),
          fact(lang, 'mailReceiptDateLabel', 'mailReceiptDate', { date: receiptDate(gift.paid_at, lang) }),
          fact(lang, 'mailReceiptKindLabel', 'mailReceiptKind', { kind: message(lang, monthly ? 'mailReceiptMonthly' : 'mailReceiptOneTime') }),
        ],
      },
      message(lang, 'mailReceiptNoGoods'),
      ...manage,
    ],
    footer: organisation(lang),
  };
}

export const receiptMail = (gift: ReceiptGift, lang: Lang): OutgoingMail => asDonorMail(receiptDocument(gift, lang));

/** A gift as a statement lists it: what counts of it is what was paid less what was refunded. */
export type StatementGift = ReceiptGift & { refunded_cents: number | string };

export interface StatementOptions {
  /** When the statement this one replaces was sent (the donor's gifts changed since). */
  replaces?: string | null;
  /** The name PayPal gave, for the greeting. */
  name?: string;
  /** When the statement is written (tests fix it): a statement of the current year says "so far". */
  now?: Date;
}

/**
 * One statement of a year's gifts that count (completed, net of refunds: receipt numbers, dates,
 * amounts, kinds) and their total. It matches the receipts: each line is a receipt's amount,
 * with what was refunded of it and what still counts.
 */
export function statementDocument(email: string, year: number, gifts: StatementGift[], lang: Lang, options: StatementOptions = {}): DonorMail {
  const org = { org: site.name };
  const net = (gift: StatementGift) => Number(gift.amount_cents) - Number(gift.refunded_cents);
  const total = gifts.reduce((sum, gift) => sum + net(gift), 0);
  // The year still running (a donor who asks in December): the statement says it covers the year so far.
  const now = options.now ?? new Date();
  const soFar = year === zonedYear(now.getTime());
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
  return {
    kind: 'donation.statement',
    to: email,
    lang,
    subject: message(lang, 'mailStatementSubject', { ...org, year }),
    blocks: [
      hello(options.name ?? '', lang),
      ...(options.replaces ? [message(lang, 'mailStatementCorrection', { date: receiptDate(options.replaces, lang) })] : []),
      soFar ? message(lang, 'mailStatementIntroSoFar', { ...org, year, date: receiptDate(now.toISOString(), lang) }) : message(lang, 'mailStatementIntro', { ...org, year }),
      gifts.length ? { lines } : message(lang, 'mailStatementNothingLeft', { year }),
      message(lang, soFar ? 'mailStatementTotalSoFar' : 'mailStatementTotal', { year, amount: money(total, lang) }),
      message(lang, 'mailReceiptNoGoods'),
      message(lang, 'mailReceiptManage'),
      { button: { label: message(lang, 'mailManageGivingButton'), url: manageGivingUrl(lang) } },
    ],
    footer: organisation(lang),
  };
}

export const statementMail = (email: string, year: number, gifts: StatementGift[], lang: Lang, options: StatementOptions = {}): OutgoingMail =>
  asDonorMail(statementDocument(email, year, gifts, lang, options));
