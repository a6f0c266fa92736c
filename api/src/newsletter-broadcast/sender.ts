/**
 * How newsletters leave. With SMTP_URL: nodemailer's pooled SMTP, its own pool (apart from the
 * outbox's), with NEWSLETTER_CONCURRENCY connections and NEWSLETTER_RATE_PER_SECOND as the pool's
 * rateLimit per second. Since one server runs a campaign at a time (the campaign lease), that is
 * the campaign's rate. Optional DKIM signs as the outbox does (mail/dkim.ts), List-Unsubscribe and
 * List-Unsubscribe-Post included.
 * Without SMTP_URL every message is logged, as the outbox does.
 */
import nodemailer from 'nodemailer';
import type { ApiConfig } from '../config.ts';
import { dkimSigning } from '../mail/dkim.ts';
import { smtpTimeouts } from '../mail/transport.ts';
import type { RawMessage } from './mime.ts';

export interface BroadcastSender {
  name: 'smtp' | 'log';
  /** Sends one finished message (see mime.ts) to its envelope recipient. */
  send(message: RawMessage): Promise<void>;
  close(): void;
}

/** A refusal that will not change on retry (a 5xx answer), as opposed to a busy or unreachable server. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createBroadcastSender(
  config: Pick<ApiConfig, 'smtpUrl' | 'newsletterConcurrency' | 'newsletterRatePerSecond' | 'dkim'> & Partial<Pick<ApiConfig, 'smtpTimeoutSeconds'>>,
  log = (line: string) => console.log(line),
): BroadcastSender {
  if (!config.smtpUrl) {
    return {
      name: 'log',
      async send(message) {
        log(`newsletter: "${message.subject}" to ${message.to} (no SMTP_URL; logged, not sent)`);
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: config.newsletterConcurrency,
    maxMessages: 1000,
    // nodemailer waits 10 minutes for a silent server by default: a server stalled at DATA froze
    // the campaign that long. A silent conversation is given up (and the message retried) sooner.
    ...smtpTimeouts(config.smtpTimeoutSeconds ?? 30),
    ...(config.newsletterRatePerSecond > 0 ? { rateLimit: config.newsletterRatePerSecond, rateDelta: 1000 } : {}),
    ...(config.dkim ? { dkim: dkimSigning(config.dkim) } : {}),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ envelope: { from: message.from, to: message.to }, raw: message.raw });
    },
    close: () => transporter.close(),
  };
}
