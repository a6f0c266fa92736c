/**
 * How mail leaves: SMTP through nodemailer (pooled) when SMTP_URL is set, DKIM-signed when DKIM
 * is configured (dkim.ts). Without SMTP_URL there is no transport, messages stay in the outbox
 * table, and one log line records each of them.
 */
import nodemailer from 'nodemailer';
import type { ApiConfig } from '../config.ts';
import { dkimSigning, type DkimKey } from './dkim.ts';
import type { MailAttachment } from './outbox.ts';

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  name: 'smtp';
  send(mail: MailEnvelope): Promise<void>;
  verify(): Promise<boolean>;
  close(): void;
}

/** nodemailer's timeouts (milliseconds) for connecting, the greeting and any answer. */
export const smtpTimeouts = (seconds: number) => ({ connectionTimeout: seconds * 1000, greetingTimeout: seconds * 1000, socketTimeout: seconds * 1000 });

export function smtpTransport(smtpUrl: string, timeoutSeconds = 30, dkim?: DkimKey): MailTransport {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  // A silent server is given up after `timeoutSeconds` (nodemailer's own wait is 10 minutes); the
  // outbox retries the message later. Timeouts named in SMTP_URL itself win.
  for (const [name, ms] of Object.entries(smtpTimeouts(timeoutSeconds))) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  // The second argument holds what every message gets: the signature.
  const transporter = nodemailer.createTransport(url.toString(), dkim ? { dkim: dkimSigning(dkim) } : undefined);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        replyTo: mail.replyTo,
        headers: mail.headers,
        attachments: mail.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
    },
    async verify() {
      try {
        return await transporter.verify();
      } catch {
        return false;
      }
    },
    close: () => transporter.close(),
  };
}

/** The outbox's transport as the config says (SMTP_URL, SMTP_TIMEOUT_SECONDS, DKIM_*), or none without SMTP_URL. */
export function configuredTransport(config: Pick<ApiConfig, 'smtpUrl' | 'smtpTimeoutSeconds' | 'dkim'>): MailTransport | undefined {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpTimeoutSeconds, config.dkim) : undefined;
}
