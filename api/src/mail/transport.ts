/**
 * How mail leaves: SMTP through nodemailer (pooled) when SMTP_URL is set. Without it there is
 * no transport, messages stay in the outbox table, and one log line records each of them.
 */
import nodemailer from 'nodemailer';

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

export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
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
