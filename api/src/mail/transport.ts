/**
 * How mail leaves: SMTP through nodemailer (pooled) when SMTP_URL is set. Without it there is
 * no transport, messages stay in the outbox table, and one log line records each of them.
 */
import nodemailer from 'nodemailer';
import { smtpTimeouts } from '../newsletter-broadcast/sender.ts';

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  name: 'smtp';
  send(mail: MailEnvelope): Promise<void>;
  verify(): Promise<boolean>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, timeoutSeconds = 30): MailTransport {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  // A silent server is given up after `timeoutSeconds` (nodemailer's own wait is 10 minutes); the
  // outbox retries the message later. Timeouts named in SMTP_URL itself win.
  for (const [name, ms] of Object.entries(smtpTimeouts(timeoutSeconds))) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  const transporter = nodemailer.createTransport(url.toString());
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
