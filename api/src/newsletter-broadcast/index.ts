/** The newsletter broadcast as one service: the sender, the worker and the campaign operations. */
import type { ApiConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { TokenSigner } from '../tokens.ts';
import { campaignCopy, type RecipientLinks } from './content.ts';
import { campaignMessage } from './mime.ts';
import { langOrDefault } from '../../../src/lib/i18n/catalogue.ts';
import { DEFAULT_LANG } from '../../../src/lib/i18n/languages.ts';
import { createRunner, type Runner } from './runner.ts';
import { createBroadcastSender, type BroadcastSender } from './sender.ts';

export interface NewsletterBroadcast {
  sender: BroadcastSender;
  runner: Runner;
  /** The per-recipient unsubscribe links (the newsletter token signer and the unsubscribe route). */
  links(subscriberId: string): Promise<RecipientLinks>;
  /** A campaign's HTML as a subscriber sees it, in the template with the footer (the preview). */
  previewDocument(bodyHtml: string): string;
  /** Sends one copy, marked as a test, to a staff member's own address, now. */
  testSend(to: string, campaign: { subject: string; body_html: string; body_text: string }): Promise<void>;
  close(): Promise<void>;
}

export const TEST_SUBJECT_PREFIX = '[Test] ';

export function createNewsletterBroadcast(deps: { config: ApiConfig; db: Db; tokens: TokenSigner; sender?: BroadcastSender }): NewsletterBroadcast {
  const { config, db, tokens } = deps;
  const sender = deps.sender ?? createBroadcastSender(config);
  async function links(subscriberId: string): Promise<RecipientLinks> {
    const token = await tokens.sign('unsubscribe', subscriberId);
    // The language the subscriber signed up in: the footer's words and the unsubscribe page follow it.
    const row = await db.kysely.selectFrom('subscribers').select('lang').where('id', '=', subscriberId).executeTakeFirst();
    const lang = langOrDefault(row?.lang);
    return {
      unsubscribeUrl: `${config.siteUrl}/api/newsletter/unsubscribe?token=${token}${lang === DEFAULT_LANG ? '' : `&lang=${lang}`}`,
      unsubscribeMailto: config.unsubscribeMailbox ? `mailto:${config.unsubscribeMailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}` : undefined,
      lang,
    };
  }
  const runner = createRunner({
    db,
    sender,
    from: config.mailFrom,
    concurrency: config.newsletterConcurrency,
    leaseSeconds: config.newsletterLeaseSeconds,
    links,
    retryDelay: (attempts) => config.newsletterRetrySeconds * 2 ** Math.max(0, attempts - 1),
    outageNoticeSeconds: config.newsletterOutageNoticeMinutes * 60,
  });
  return {
    sender,
    runner,
    links,
    previewDocument(bodyHtml) {
      const copy = campaignCopy({ subject: '', body_html: bodyHtml, body_text: '' });
      // As on the test copy, the footer's link opens the unsubscribe page itself.
      return copy.html.before + copy.html.after({ unsubscribeUrl: `${config.siteUrl}/newsletter/unsubscribe` });
    },
    async testSend(to, campaign) {
      // The test copy is nobody's subscription: its footer link opens the unsubscribe page itself.
      const message = campaignMessage(campaign, { from: config.mailFrom, subjectPrefix: TEST_SUBJECT_PREFIX });
      await sender.send(message.forRecipient(to, { unsubscribeUrl: `${config.siteUrl}/newsletter/unsubscribe` }));
    },
    async close() {
      await runner.stop();
      sender.close();
    },
  };
}
