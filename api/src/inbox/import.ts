/**
 * Importing subscribers from CSV: one address a line, optionally a confirmed date (the date the
 * person consented) and the language the person reads (en, fr, sw; English when absent), which
 * their confirmation mail and every newsletter footer then follow. Each address is checked by the newsletter form's own schema; the same
 * address twice in the file counts once; an address already on the list is left as it is (an
 * unsubscribed person is never signed up again by an import). Only a line with a confirmed date
 * makes a confirmed subscriber; every other new address becomes pending and gets the same
 * confirmation mail as a sign-up on the site, through the outbox.
 */
import { randomUUID } from 'node:crypto';
import { newsletterMails } from '../mail/templates.ts';
import { tokenLinks } from '../routes/newsletter.ts';
import { fieldIssues, newsletterSchema, safeParse } from '../schemas.ts';
import type { Services } from '../services.ts';
import { parseCsv } from './csv.ts';
import { DEFAULT_LANG, LANG_CODES, isLang, type Lang } from '../../../src/lib/i18n/languages.ts';

/** Largest file accepted, and most addresses in one file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export interface ImportReport {
  confirmed: number;
  pending: number;
  /** Lines naming an address already seen earlier in the file. */
  duplicates: number;
  /** Addresses already on the list, left unchanged. */
  existing: number;
  rejected: Array<{ line: number; value: string; reason: string }>;
}

const HEADER_EMAIL = /^e-?mail( address)?$/i;

/** A consent date: YYYY-MM-DD or a full ISO time; anything else is a rejected line. */
function consentDate(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  if (Number.isNaN(time) || time > Date.now() + 86_400_000) return null;
  return new Date(time).toISOString();
}

export async function importSubscribers(services: Services, text: string): Promise<ImportReport> {
  const report: ImportReport = { confirmed: 0, pending: 0, duplicates: 0, existing: 0, rejected: [] };
  const rows = parseCsv(text);
  if (rows[0] && HEADER_EMAIL.test(rows[0].cells[0]?.trim() ?? '')) rows.shift();
  if (rows.length > IMPORT_MAX_ROWS) {
    report.rejected.push({ line: rows[IMPORT_MAX_ROWS]!.line, value: '', reason: `A file may hold at most ${IMPORT_MAX_ROWS} addresses; split it` });
    return report;
  }

  const wanted = new Map<string, string | null>();
  /** The language of each address, from its first line in the file. */
  const langs = new Map<string, Lang>();
  for (const { line, cells } of rows) {
    const raw = cells[0] ?? '';
    const parsed = safeParse(newsletterSchema, { email: raw });
    if (!parsed.success) {
      report.rejected.push({ line, value: raw.slice(0, 254), reason: fieldIssues(parsed.error)[0]?.message ?? 'Not an email address' });
      continue;
    }
    const dateText = (cells[1] ?? '').trim();
    const consent = dateText ? consentDate(dateText) : null;
    if (dateText && !consent) {
      report.rejected.push({ line, value: raw.slice(0, 254), reason: 'The confirmed date is not a date (use YYYY-MM-DD)' });
      continue;
    }
    const langText = (cells[2] ?? '').trim().toLowerCase();
    if (langText && !isLang(langText)) {
      report.rejected.push({ line, value: raw.slice(0, 254), reason: `The language is not one of ${LANG_CODES.join(', ')}` });
      continue;
    }
    const email = parsed.data.email;
    if (wanted.has(email)) {
      report.duplicates++;
      // The earliest consent in the file wins.
      const before = wanted.get(email) ?? null;
      if (consent && (!before || consent < before)) wanted.set(email, consent);
      continue;
    }
    wanted.set(email, consent);
    langs.set(email, langText && isLang(langText) ? langText : DEFAULT_LANG);
  }

  const addresses = [...wanted.keys()];
  const mailIds: string[] = [];
  for (let start = 0; start < addresses.length; start += 500) {
    const chunk = addresses.slice(start, start + 500);
    // The job counts into its own tally, added to the report once committed: a rolled-back
    // write must count nothing.
    const { queued: ids, tally } = await services.db.write(async (trx) => {
      const tally = { existing: 0, confirmed: 0, pending: 0 };
      const known = new Set((await trx.selectFrom('subscribers').select('email').where('email', 'in', chunk).execute()).map((r) => r.email));
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      const queued: string[] = [];
      for (const email of chunk) {
        if (known.has(email)) {
          tally.existing++;
          continue;
        }
        const id = randomUUID();
        const consent = wanted.get(email) ?? null;
        const lang = langs.get(email) ?? DEFAULT_LANG;
        await trx
          .insertInto('subscribers')
          .values({ id, email, status: consent ? 'confirmed' : 'pending', source: 'import', created_at: now, updated_at: now, confirmed_at: consent, unsubscribed_at: null, confirm_sent_at: consent ? null : now, lang })
          .execute();
        if (consent) {
          tally.confirmed++;
          continue;
        }
        tally.pending++;
        // The confirmation link carries the moment it was issued; only the newest one confirms.
        const links = await tokenLinks(services, id, nowMs, lang);
        const confirmation = newsletterMails(email, links.confirmUrl, links.unsubscribeUrl, services.config.staffMailbox, lang).filter((m) => m.kind === 'newsletter.confirm');
        queued.push(...(await services.mailer.enqueue(trx, confirmation)));
      }
      return { queued, tally };
    });
    report.existing += tally.existing;
    report.confirmed += tally.confirmed;
    report.pending += tally.pending;
    mailIds.push(...ids);
  }
  services.mailer.deliverLater(mailIds);
  return report;
}
