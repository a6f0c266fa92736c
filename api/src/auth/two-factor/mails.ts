/**
 * The two-factor sign-in code mail. The subject never carries the code: without SMTP_URL the outbox
 * logs each message's recipient and subject, and a code must never reach a log line.
 */
import { site } from '../../../../src/lib/site.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';

export function twoFactorCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'staff.two-factor-code',
    to,
    subject: `Your ${site.name} staff sign-in code`,
    text: [
      'Hello,',
      `Here is the code to finish signing in to the ${site.name} staff area:`,
      `Your code: ${code}`,
      `It is valid for ${validMinutes} minutes. If you did not just sign in, someone knows your password: change it in the staff area (Account), and tell an administrator.`,
      site.name,
    ].join('\n\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
