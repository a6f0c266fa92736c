/**
 * The welcome mail a subscriber receives once, when they confirm: the text staff wrote for the
 * language they signed up in (the catalogue's default until staff write one), in the campaign
 * template with the footer and unsubscribe link in that language. It is queued in the outbox in
 * the confirmation's own transaction, so a confirmation is never without its welcome, nor
 * welcomed twice.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/index.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { message } from '../../../src/lib/i18n/catalogue.ts';
import { LANG_CODES, type Lang } from '../../../src/lib/i18n/languages.ts';
import { localizePath } from '../../../src/lib/i18n/paths.ts';
import { site } from '../../../src/lib/site.ts';
import { campaignCopy, htmlToPlainText, sanitizeNewsletterHtml, type RecipientLinks } from './content.ts';

type Reader = Kysely<Database> | Transaction<Database>;

export interface WelcomeText {
  subject: string;
  /** As staff wrote it: paragraphs of text (a blank line between them) or HTML, cleaned as a campaign's is. */
  body: string;
}

/** One language's welcome as the staff screen shows it. */
export interface WelcomeEntry extends WelcomeText {
  /** False while the catalogue's default is used. */
  custom: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The welcome in `lang` until staff write one (content/messages/<lang>.json). */
export function defaultWelcome(lang: Lang): WelcomeText {
  const org = { org: site.name };
  return {
    subject: message(lang, 'mailWelcomeSubject', org),
    body: [
      message(lang, 'mailWelcomeThanks', org),
      message(lang, 'mailWelcomeWhat'),
      message(lang, 'mailWelcomeVisit', { url: `${site.url}${localizePath('/', lang)}` }),
      message(lang, 'mailWelcomeGlad'),
    ].join('\n\n'),
  };
}

/** Every language's welcome, staff's where they wrote one. */
export async function listWelcomes(db: Reader): Promise<Record<Lang, WelcomeEntry>> {
  const rows = await db.selectFrom('newsletter_welcome').selectAll().execute();
  const byLang = new Map(rows.map((row) => [row.lang, row]));
  return Object.fromEntries(
    LANG_CODES.map((lang) => {
      const row = byLang.get(lang);
      const entry: WelcomeEntry = row
        ? { subject: row.subject, body: row.body, custom: true, updatedBy: row.updated_by, updatedAt: row.updated_at }
        : { ...defaultWelcome(lang), custom: false, updatedBy: null, updatedAt: null };
      return [lang, entry];
    }),
  ) as Record<Lang, WelcomeEntry>;
}

async function welcomeText(db: Reader, lang: Lang): Promise<WelcomeText> {
  const row = await db.selectFrom('newsletter_welcome').select(['subject', 'body']).where('lang', '=', lang).executeTakeFirst();
  return row ?? defaultWelcome(lang);
}

export async function saveWelcome(db: Reader, lang: Lang, text: WelcomeText, by: string): Promise<void> {
  const values = { subject: text.subject, body: text.body, updated_by: by, updated_at: new Date().toISOString() };
  await db
    .insertInto('newsletter_welcome')
    .values({ lang, ...values })
    .onConflict((oc) => oc.column('lang').doUpdateSet(values))
    .execute();
}

/** Back to the catalogue's default for `lang`. */
export async function resetWelcome(db: Reader, lang: Lang): Promise<void> {
  await db.deleteFrom('newsletter_welcome').where('lang', '=', lang).execute();
}

/** The welcome's HTML as sent (cleaned), empty when cleaning leaves nothing. */
export const welcomeHtml = (body: string) => sanitizeNewsletterHtml(body);

/** The mail itself: the text in the template, footer and List-Unsubscribe in `links.lang`. */
export function welcomeMail(to: string, text: WelcomeText, lang: Lang, links: RecipientLinks): OutgoingMail {
  const html = welcomeHtml(text.body);
  const copy = campaignCopy({ subject: text.subject, body_html: html, body_text: htmlToPlainText(html) }, lang, lang);
  return {
    kind: 'newsletter.welcome',
    to,
    subject: copy.subject,
    text: copy.text.before + copy.text.after(links),
    html: copy.html.before + copy.html.after(links),
    headers: { 'Auto-Submitted': 'auto-generated', 'List-Unsubscribe': copy.listUnsubscribe(links), ...copy.fixedHeaders },
  };
}

/**
 * Marks a pending subscriber confirmed and, the first time they are, queues their welcome, in one
 * transaction; returns the outbox ids to deliver (none when the subscriber was not pending, or was
 * welcomed before). `links` are the subscriber's own (NewsletterBroadcast.links).
 */
export async function confirmAndWelcome(
  trx: Transaction<Database>,
  enqueue: (trx: Transaction<Database>, mails: OutgoingMail[]) => Promise<string[]>,
  subscriber: { id: string; email: string },
  links: RecipientLinks & { lang: Lang },
): Promise<string[]> {
  const now = new Date().toISOString();
  const confirmed = await trx
    .updateTable('subscribers')
    .set({ status: 'confirmed', confirmed_at: now, updated_at: now })
    .where('id', '=', subscriber.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(confirmed.numUpdatedRows) !== 1) return [];
  // One welcome per subscriber, ever: a link opened twice or a later re-subscription sends none.
  const claimed = await trx.updateTable('subscribers').set({ welcomed_at: now }).where('id', '=', subscriber.id).where('welcomed_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return [];
  return enqueue(trx, [welcomeMail(subscriber.email, await welcomeText(trx, links.lang), links.lang, links)]);
}
