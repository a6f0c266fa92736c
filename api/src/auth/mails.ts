/**
 * The staff mails: the password reset code. Kept beside the staff code so the templates file stays
 * the visitors'. The subject never carries the code: without SMTP_URL the outbox logs each
 * message's recipient and subject, and a code must never reach a log line.
 */
import { site } from '../../../src/lib/site.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

export function resetCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'staff.reset-code',
    to,
    subject: `Your ${site.name} staff password reset code`,
    text: [
      'Hello,',
      `Someone (hopefully you) asked to reset the password of the ${site.name} staff account that uses this address.`,
      `Your code: ${code}`,
      `It is valid for ${validMinutes} minutes and can be tried 3 times. If you did not ask for it, ignore this email: your password stays as it is.`,
      site.name,
    ].join('\n\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** The code that confirms a new account (sign-up) or verifies the address of an existing one. */
export function confirmationCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'staff.confirmation-code',
    to,
    // Not in the subject: without SMTP_URL the outbox logs subjects, and codes never reach a log.
    subject: `Your ${site.name} staff verification code`,
    text: [
      'Hello,',
      `Someone (hopefully you) asked to confirm this address for a ${site.name} staff account.`,
      `Your code: ${code}`,
      `It is valid for ${validMinutes} minutes and can be tried 3 times. If you did not ask for it, ignore this email.`,
      site.name,
    ].join('\n\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** To a member whose account is being guessed at from networks it has never signed in from (sign-in-throttle.ts). */
export function guessingMail(to: string, username: string, failures: number, windowMinutes: number): OutgoingMail {
  return {
    kind: 'staff.sign-in-guessing',
    to,
    subject: `Failed sign-ins to your ${site.name} staff account`,
    text: [
      'Hello,',
      `${failures} sign-ins to the ${site.name} staff account "${username}" failed within ${windowMinutes} minutes, from places this account has never signed in from. Sign-ins from there are now slowed down.`,
      'You can still sign in as usual from where you normally do. If these were not you, nothing is needed: your password was not accepted. If you think someone knows your password, change it in the staff area (Account), or reset it with "Forgot your password?" on the sign-in page.',
      site.name,
    ].join('\n\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
