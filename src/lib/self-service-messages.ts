/**
 * Texts of the self-service staff screens (sign-up, confirmation, address verification, social
 * sign-in), shared by the islands and the API. The spec's hosted sign-in messages are word for word.
 */
import { STAFF_TEXT } from './staff-messages.ts';

export const SELF_SERVICE_TEXT = {
  signInTab: 'Sign In',
  signUpTab: 'Create Account',
  creatingAccount: 'Creating Account',
  confirm: 'Confirm',
  confirming: 'Confirming',
  verify: 'Verify',
  verifying: 'Verifying',
  skip: 'Skip',
  // The hosted widget's own messages (the spec's catalogue).
  alreadyConfirmed: 'User is already confirmed.',
  notConfirmedOnTime: 'The account was not confirmed on time.',
  oauthCancelled: 'User cancelled OAuth flow.',
  noAccessToken: 'No access token returned from OAuth flow.',
  stateInvalid: 'An error occurred while validating the state.',
  invalidIdToken: 'Invalid Idtoken.',
  // The user pool's answer to a sign-in before the code was entered.
  notConfirmed: 'User is not confirmed.',
  confirmLead: 'We have sent a 6-digit code to your email address. Enter it below to confirm your account.',
  verifyLead: 'Your email address is not verified yet. Verify it so that password resets and sign-in with Google, Apple, Facebook or Amazon reach you.',
  confirmVerifyLead: 'We have sent a 6-digit code to your email address. Enter it below to verify it.',
  codeResent: 'A new code is on its way. It is valid for 10 minutes.',
  accountCreated: 'Your account has been created. The code is on its way; it is valid for 10 minutes.',
  codeSent: 'The code is on its way. It is valid for 10 minutes.',
  confirmed: 'Your account is confirmed. Signing you in...',
  verified: 'Your email address is verified.',
  signUpTaken: 'That username or email address is already used by a staff account.',
  socialNotLinked: 'No staff account with this verified email address exists, or the provider did not confirm the address. Sign in with your password and link the provider in Account, or ask an administrator to invite you with this address.',
  linkLead: 'Link a provider to sign in with it. Amazon and Facebook do not confirm email addresses, so they sign you in only once linked here. With two-factor sign-in on, the code is still asked for.',
  socialFailed: 'Sign-in with that provider did not complete. Please try again.',
  unsupportedProvider: 'This sign-in provider is not supported.',
} as const;

/** The spec's words for the `?error=` an OAuth callback sends back to the sign-in screen. */
export function socialErrorText(error: string): string | null {
  if (error === 'access_denied') return SELF_SERVICE_TEXT.oauthCancelled;
  if (error === 'no_code' || error === 'invalid_code') return SELF_SERVICE_TEXT.noAccessToken;
  if (/state/.test(error) || error === 'please_restart_the_process') return SELF_SERVICE_TEXT.stateInvalid;
  if (error === 'unable_to_get_user_info' || error === 'email_not_found' || error === 'nonce_binding_missing') return SELF_SERVICE_TEXT.invalidIdToken;
  if (error === 'account not linked' || error === 'account_not_linked' || error === 'signup_disabled' || error === 'unable_to_link_account' || error === 'email_not_verified') return SELF_SERVICE_TEXT.socialNotLinked;
  if (error === 'oauth_provider_not_found') return SELF_SERVICE_TEXT.unsupportedProvider;
  if (error === 'BANNED_USER') return STAFF_TEXT.accountDisabled;
  return null;
}
