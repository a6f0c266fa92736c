/**
 * The steps the contact, volunteer and partnership endpoints share (one file each beside this):
 * rate limit (a read), read and validate (submission middleware), store the row, count it and
 * queue the staff notice and the sender's acknowledgement (at most one an hour per address) in
 * one transaction, answer, then try the mail. The row records the visitor's language (`lang`),
 * and the answer, the result page and the acknowledgement are in it.
 */
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { ACK_COOLDOWN_SECONDS, claimCooldown } from '../mail/cooldown.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { rateLimit, type RateLimit } from '../rate-limit.ts';
import type { Services } from '../services.ts';
import { refererLang, submission, submittedLang, succeed, type FormName } from '../submission.ts';
import type { Lang } from '../../../src/lib/i18n/languages.ts';

export interface FormRoute<S extends z.ZodMiniType, T extends keyof Database> {
  form: FormName;
  schema: S;
  table: T;
  row: (input: z.output<S>, id: string, now: string) => Database[T];
  /** The staff notice, then the sender's acknowledgement. */
  mails: (input: z.output<S>, staff: string) => [OutgoingMail, OutgoingMail];
  /** The success answer, in the visitor's language. */
  message: (lang: Lang) => string;
}

/** Middleware: a 429 (or a form post's 303 to its "too many" page) before the body is read. */
export const refuseOverLimit = (limit: RateLimit) => async (c: Parameters<RateLimit['refuse']>[0], next: () => Promise<void>) => (await limit.refuse(c)) ?? next();

export function formRoute<S extends z.ZodMiniType, T extends keyof Database>(services: Services, route: FormRoute<S, T>) {
  const limit = rateLimit(services, route.form);
  const app = new Hono().post('/', refuseOverLimit(limit), submission(route.form, route.schema, services.config.bodyLimitBytes), async (c) => {
    const sent = c.req.valid('json');
    const lang = sent.data ? submittedLang(sent.data) : refererLang(c);
    if (sent.honeypot) return succeed(c, route.form, sent.isForm, route.message(lang), 201, lang);
    const now = new Date().toISOString();
    const ids = await services.db.write(async (trx) => {
      await trx
        .insertInto(route.table)
        .values({ ...route.row(sent.data, newId(), now), lang } as never)
        .execute();
      await limit.count(trx, c);
      const [notice, acknowledgement] = route.mails(sent.data, services.config.staffMailbox);
      // Staff hear of every submission; the sender's address gets one acknowledgement an hour
      // per form, so nobody can aim a stream of our mail at someone else's inbox.
      const mails = [notice!];
      if (await claimCooldown(trx, `${acknowledgement!.kind}:${acknowledgement!.to}`, ACK_COOLDOWN_SECONDS)) mails.push(acknowledgement!);
      return services.mailer.enqueue(trx, mails);
    });
    services.mailer.deliverLater(ids);
    return succeed(c, route.form, sent.isForm, route.message(lang), 201, lang);
  });
  // Outside the chain, so the typed client sees POST only (an `all` route would stand for every method).
  app.all('/', methodNotAllowed('POST'));
  return app;
}
