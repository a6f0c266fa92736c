/**
 * The Donations screen's API, administrators only (401 without a session, 403 for anyone else):
 *   GET  /api/donations/summary                totals this month and year (one-time, monthly), the monthly donors
 *   GET  /api/donations/gifts                  newest first: q, from, to, kind, cursor, limit
 *   GET  /api/donations/gifts/export.csv       the whole filtered list
 *   POST /api/donations/gifts/:id/receipt      sends the receipt again
 *   GET  /api/donations/donor?email=           one donor's gifts and monthly subscriptions
 *   GET  /api/donations/statements             yearly statements queued and their progress, and the years that have gifts
 *   GET  /api/donations/statements/preview?year=  what sending a year's statements would cover: donors, gifts, total
 *   POST /api/donations/statements {year}      queues a year's statements: every donor the first time, then
 *                                              the donors new to the year or whose gifts changed since
 *   POST /api/donations/statements/donor {year, email}  queues one donor's statement of a year
 *   GET  /api/donations/lapsed?list=lybunt|sybunt  donors who gave last year (or some year) and not this one
 *   GET  /api/donations/lapsed/export.csv?list=    the same list as CSV
 *   GET  /api/donations/monthly/export.csv?year=   a year's monthly summary for the accountant
 */
import { INBOX_PAGE_SIZE } from '../../../src/lib/inbox.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { adminApi } from '../auth/guard.ts';
import { receiptMail } from '../donations/receipt-mail.ts';
import { giftQuerySchema, donorQuerySchema, donorStatementSchema, lapsedDonorsSchema, monthlySummarySchema, statementPreviewSchema, statementSchema } from '../donations/schemas.ts';
import { queueDonorStatement, queueStatements, statementPreview, statementProgress, statementYears } from '../donations/statements.ts';
import { lapsedCsv, lapsedDonors, monthlySummaryCsv } from '../donations/treasurer.ts';
import { BadGiftCursor, donationSummary, donorHistory, getGift, giftsCsv, listGifts } from '../donations/store.ts';
import { BAD_CURSOR, NOT_FOUND, csvResponse, jsonBody, queryOf } from '../inbox/http.ts';
import { isId } from '../inbox/schemas.ts';
import type { Services } from '../services.ts';

/** Why a payment has no receipt to send: it is sent once PayPal says the payment cleared, never when it failed. */
const RECEIPT_NOT_DUE = {
  pending: 'This payment has not cleared yet: its receipt is sent when PayPal says it has.',
  failed: 'This payment failed: there is no receipt to send.',
} as const;

export function donationRoutes(services: Services) {
  const { db, mailer } = services;
  return adminApi(services)
    .get('/summary', async (c) => c.json(await donationSummary(db.kysely)))
    .get('/gifts', queryOf(giftQuerySchema), async (c) => {
      const query = c.req.valid('query');
      try {
        return c.json(await listGifts(db, query, query.limit ?? INBOX_PAGE_SIZE));
      } catch (error) {
        if (error instanceof BadGiftCursor) return c.json({ message: BAD_CURSOR, issues: [{ path: 'cursor', message: BAD_CURSOR }] }, 400);
        throw error;
      }
    })
    .get('/gifts/export.csv', queryOf(giftQuerySchema), (c) => csvResponse(giftsCsv(db, c.req.valid('query')), 'donations'))
    .post('/gifts/:id/receipt', async (c) => {
      const id = c.req.param('id');
      const gift = isId(id) ? await getGift(db.kysely, id) : undefined;
      if (!gift) return c.json({ message: NOT_FOUND }, 404);
      if (gift.status === 'pending' || gift.status === 'failed') return c.json({ message: RECEIPT_NOT_DUE[gift.status] }, 409);
      const now = new Date().toISOString();
      const ids = await db.write(async (trx) => {
        await trx.updateTable('gifts').set({ receipt_sent_at: now }).where('id', '=', id).execute();
        return mailer.enqueue(trx, [receiptMail(gift, langOrDefault(gift.lang))]);
      });
      mailer.deliverLater(ids);
      return c.json({ message: `Receipt ${gift.receipt_number} sent again to ${gift.email}.`, receiptSentAt: now });
    })
    .get('/donor', queryOf(donorQuerySchema), async (c) => c.json(await donorHistory(db.kysely, c.req.valid('query').email)))
    .get('/statements', async (c) => c.json({ statements: await statementProgress(db), years: await statementYears(db) }))
    .get('/statements/preview', queryOf(statementPreviewSchema), async (c) => c.json(await statementPreview(db, c.req.valid('query').year)))
    .post('/statements', jsonBody(statementSchema), async (c) => {
      const { year } = c.req.valid('json');
      const result = await queueStatements(db, year, staffName(c.get('staff').user));
      services.donations.wake();
      return c.json({ ...result, message: statementsMessage(result) });
    })
    .post('/statements/donor', jsonBody(donorStatementSchema), async (c) => {
      const { year, email } = c.req.valid('json');
      const address = email.trim().toLowerCase();
      const queued = await queueDonorStatement(db, year, address, staffName(c.get('staff').user));
      if (!queued) return c.json({ message: `No gift from ${address} counts in ${year}: there is no statement to send.` }, 409);
      services.donations.wake();
      return c.json({ year, email: address, message: `The ${year} statement of ${address} is on its way.` });
    })
    .get('/lapsed', queryOf(lapsedDonorsSchema), async (c) => c.json(await lapsedDonors(db, c.req.valid('query').list)))
    .get('/lapsed/export.csv', queryOf(lapsedDonorsSchema), async (c) => {
      const { list } = c.req.valid('query');
      const { year, donors } = await lapsedDonors(db, list, new Date(), null);
      return csvResponse(textStream(lapsedCsv(donors, year)), `${list}-${year}`);
    })
    .get('/monthly/export.csv', queryOf(monthlySummarySchema), async (c) => {
      const { year } = c.req.valid('query');
      return csvResponse(textStream(await monthlySummaryCsv(db, year)), `monthly-summary-${year}`);
    });
}

/** A CSV already written, as the body csvResponse sends. */
const textStream = (text: string) => new Blob([text]).stream();

const staffName = (user: { displayUsername?: string | null; username?: string | null }) => user.displayUsername || user.username || '';

const donors = (n: number) => `${n} donor${n === 1 ? '' : 's'}`;

/** What queuing a year's statements did, in the words of the confirmation. */
function statementsMessage(result: { year: number; queued: number; added: number; changed: number; total: number }): string {
  if (!result.queued) return `Every donor of ${result.year} already has a statement that matches their gifts.`;
  if (result.queued === result.total) return `Statements for ${result.year} queued for ${donors(result.total)}.`;
  const parts = [result.added ? `${donors(result.added)} new to ${result.year}` : '', result.changed ? `${donors(result.changed)} whose gifts changed (their statement says it replaces the last one)` : ''].filter(Boolean);
  return `Statements for ${result.year} queued for ${parts.join(' and ')}.`;
}
