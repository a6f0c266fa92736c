/**
 * Texts of the staff sign-in screens and the staff API, shared by the islands and the server.
 * The spec's own texts come from MESSAGES; the rest follow the hosted widget's wording (STAFF.md).
 */
import { MESSAGES } from './messages.ts';

export const STAFF_TEXT = {
  login: 'Login',
  loggingIn: 'Logging in...',
  loading: 'Loading...',
  needsJavaScript: 'The staff area needs JavaScript. Please turn JavaScript on in your browser (or use one that runs it), then reload this page.',
  logout: 'Logout',
  invalidCredentials: MESSAGES.adminLoginFailure,
  lockedOut: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  tooManyAttempts: 'Too many attempts from this connection. Please wait and try again.',
  slowedDown: 'Many failed sign-ins have been made to this account from elsewhere. Please wait a minute and try again.',
  busy: 'Too many sign-ins at once. Please try again in a few seconds.',
  accountDisabled: 'This account is disabled. Please ask an administrator.',
  signInRequired: 'Please sign in.',
  adminRequired: 'This area is for administrators only.',
  passwordChangeRequired: 'Please set a new password before you continue.',
  forgotPassword: 'Forgot your password?',
  enterEmail: 'Enter your email',
  sendCode: 'Send code',
  sending: 'Sending',
  codeSent: 'If an account uses that address, we have sent it a 6-digit code. It is valid for 10 minutes.',
  codePlaceholder: 'Enter your code',
  submit: 'Submit',
  submitting: 'Submitting',
  changePassword: 'Change Password',
  changing: 'Changing',
  resendCode: 'Resend Code',
  backToSignIn: 'Back to Sign In',
  invalidCode: 'That code is not valid or has expired. Ask for a new one.',
  resetDone: 'Your password has been changed. Sign in with the new one.',
  wrongCurrentPassword: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  signOutEverywhere: 'Sign out everywhere',
  forceNewPasswordLead: 'This is your first sign-in. Choose a new password to continue.',
} as const;
