/** What every route needs, built once per app: config, database, mailer, token signer, staff auth. */
import type { StaffServices } from './auth/index.ts';
import type { ApiConfig } from './config.ts';
import type { Db } from './db/index.ts';
import type { PaypalRest } from './donations/paypal-rest.ts';
import type { DonationsWorker } from './donations/worker.ts';
import type { Mailer } from './mail/outbox.ts';
import type { NewsletterBroadcast } from './newsletter-broadcast/index.ts';
import type { TokenSigner } from './tokens.ts';

export interface Services {
  config: ApiConfig;
  db: Db;
  mailer: Mailer;
  tokens: TokenSigner;
  /** Staff accounts, sessions and sign-in limits (api/src/auth). */
  staff: StaffServices;
  /** Newsletter campaigns: the sender and the worker that delivers them (api/src/newsletter-broadcast). */
  broadcast: NewsletterBroadcast;
  /** PayPal notifications and yearly statements (api/src/donations). */
  donations: DonationsWorker;
  /** PayPal's REST API when its credentials are set (the Orders and Subscriptions checkout, webhooks). */
  paypalRest: PaypalRest | null;
}
