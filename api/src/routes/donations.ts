/**
 * The Donations screen's API, administrators only (401 without a session, 403 for anyone else):
 *   GET  /api/donations/summary                totals this month and year (one-time, monthly), the monthly donors
 *   GET  /api/donations/gifts                  newest first: q, from, to, kind, cursor, limit
 *   GET  /api/donations/gifts/export.csv       the whole filtered list
 *   POST /api/donations/gifts/:id/receipt      sends the receipt again
 *   GET  /api/donations/donor?email=           one donor's gifts and monthly subscriptions
 *   GET  /api/donations/statements             yearly statements queued and their progress
 *   POST /api/donations/statements {year}      queues a year's statements (once per year)
 */
import { INBOX_PAGE_SIZE } from '../../../src/lib/inbox.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { adminApi } from '../auth/guard.ts';
import { receiptMail } from '../donations/receipt-mail.ts';
import { giftQuerySchema, donorQuerySchema, statementSchema } from '../donations/schemas.ts';
import { queueStatements, statementProgress } from '../donations/statements.ts';
import { BadGiftCursor, donationSummary, donorHistory, getGift, giftsCsv, listGifts } from '../donations/store.ts';
import { BAD_CURSOR, NOT_FOUND, csvResponse, jsonBody, queryOf } from '../inbox/http.ts';
import { isId } from '../inbox/schemas.ts';
import type { Services } from '../services.ts';

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
      const now = new Date().toISOString();
      const ids = await db.write(async (trx) => {
        await trx.updateTable('gifts').set({ receipt_sent_at: now }).where('id', '=', id).execute();
        return mailer.enqueue(trx, [receiptMail(gift, langOrDefault(gift.lang))]);
      });
      mailer.deliverLater(ids);
      return c.json({ message: `Receipt ${gift.receipt_number} sent again to ${gift.email}.`, receiptSentAt: now });
    })
    .get('/donor', queryOf(donorQuerySchema), async (c) => c.json(await donorHistory(db.kysely, c.req.valid('query').email)))
    .get('/statements', async (c) => c.json({ statements: await statementProgress(db) }))
    .post('/statements', jsonBody(statementSchema), async (c) => {
      const { year } = c.req.valid('json');
      const staff = c.get('staff').user;
      const result = await queueStatements(db, year, staff.displayUsername || staff.username);
      services.donations.wake();
      return c.json({
        ...result,
        message: result.queued ? `Statements for ${year} queued for ${result.total} donors.` : `Statements for ${year} were already queued; each donor gets one.`,
      });
    });
}
