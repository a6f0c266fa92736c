/**
 * Texts of the two-factor screens (sign-in with a second step, the Account section's set-up, and
 * the set-up an administrator is sent to when REQUIRE_ADMIN_MFA=true), shared by the islands and
 * the API. The code field keeps the hosted widget's placeholder, "Enter your code".
 */

/** Trusted devices skip the second step for this many days (the cookie and its record both expire). */
export const TRUST_DEVICE_DAYS = 30;
/** An emailed code: 6 digits, valid 5 minutes, 5 tries; a new one at most every 30 seconds. */
export const EMAIL_CODE_DIGITS = 6;
export const EMAIL_CODE_MINUTES = 5;
export const EMAIL_CODE_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 30;
/** Backup codes: ten, each used once. */
export const BACKUP_CODE_COUNT = 10;

export type TwoFactorMethod = 'totp' | 'otp';

export const TWO_FACTOR_TEXT = {
  codePlaceholder: 'Enter your code',
  codeLabel: 'Code',
  backupCodeLabel: 'Backup code',
  trustDevice: `Trust this device for ${TRUST_DEVICE_DAYS} days`,
  confirm: 'Confirm',
  confirming: 'Confirming',
  verify: 'Verify',
  verifying: 'Verifying',
  // selectMfaType
  selectHeading: 'How do you want to confirm it’s you?',
  selectLegend: 'Second step',
  methodTotp: 'Authenticator app',
  methodOtp: 'Email code',
  // confirmSignIn
  totpHeading: 'Enter the code from your authenticator app',
  otpHeading: 'Enter the code we emailed you',
  backupHeading: 'Enter a backup code',
  totpLead: 'Open your authenticator app and type the 6-digit code it shows for the staff area.',
  otpLead: `We sent a ${EMAIL_CODE_DIGITS}-digit code to the email address of your account. It is valid for ${EMAIL_CODE_MINUTES} minutes.`,
  backupLead: 'Each backup code works once. Type it with or without the dash.',
  useBackupCode: 'Use a backup code',
  useAuthenticator: 'Use your authenticator app',
  useOtherMethod: 'Choose another way',
  resendCode: 'Resend Code',
  codeResent: 'We have sent you a new code.',
  resendTooSoon: `A code was sent less than ${EMAIL_CODE_RESEND_SECONDS} seconds ago. Please check your email, or wait a moment before asking again.`,
  invalidCode: 'That code is not correct. Please try again.',
  challengeExpired: 'Your sign-in has expired or had too many wrong codes. Please sign in again.',
  // Account section
  panelHeading: 'Two-factor authentication',
  panelLead: 'After your password, sign-in asks for a second step: a code from an authenticator app on your phone, or a code sent to your email.',
  on: 'On',
  off: 'Off',
  setUpTotp: 'Set up authenticator app',
  setUpOtp: 'Set up email codes',
  turnOff: 'Turn off',
  turningOff: 'Turning off',
  cancel: 'Cancel',
  passwordToContinue: 'Type your password to continue.',
  continue: 'Continue',
  continuing: 'Continuing',
  scanHeading: 'Scan this code with your authenticator app',
  scanLead: 'Use any authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis). Or type the key below into the app.',
  qrLabel: 'QR code for your authenticator app',
  secretLabel: 'Setup key',
  copy: 'Copy',
  copied: 'Copied',
  firstCodeLabel: 'Then type the 6-digit code the app shows',
  totpOn: 'Your authenticator app is set up. Sign-in will ask for its code.',
  otpSetupLead: 'We will email a 6-digit code to {email}. Type it here to turn email codes on.',
  sendCode: 'Send code',
  sending: 'Sending',
  otpOn: 'Email codes are on. Sign-in can send a code to your email.',
  backupHeadingSaved: 'Your backup codes',
  backupLeadOnce: 'If you lose your phone, each of these codes lets you sign in once. They are shown only now: download or print them and keep them somewhere safe.',
  download: 'Download (.txt)',
  print: 'Print',
  savedThem: 'I have saved them',
  backupLeft: '{count} of 10 backup codes left',
  newBackupCodes: 'New backup codes',
  newBackupCodesLead: 'New codes replace the old ones: the old codes stop working at once.',
  turnedOff: '{method} turned off.',
  wrongPassword: 'The password is not correct.',
  lastFactorRequired: 'Administrators must keep a second step. Set up the other method before turning this one off.',
  // REQUIRE_ADMIN_MFA
  setupRequiredHeading: 'Set up two-factor authentication',
  setupRequiredLead: 'Administrators of this site sign in with a second step. Choose one to continue.',
  setupRequired: 'Please set up two-factor authentication before you continue.',
  continueToStaffArea: 'Continue to the staff area',
} as const;

export const METHOD_NAMES: Record<TwoFactorMethod, string> = { totp: TWO_FACTOR_TEXT.methodTotp, otp: TWO_FACTOR_TEXT.methodOtp };

/** A TOTP setup key in groups of four, as authenticator apps show and accept it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The base32 secret of an otpauth:// URI (what an app would read from the QR code). */
export function secretOfUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
