/** The self-service screens of /admin/login: sign-up tab, confirmation, address verification, social buttons. */
import './sign-up.css';
export { ConfirmSignUp } from './ConfirmSignUp.tsx';
export { SignInTabs, TAB_PANEL_ID } from './SignInTabs.tsx';
export { SignUpForm } from './SignUpForm.tsx';
export { SocialButtons } from './SocialButtons.tsx';
export { ConfirmVerifyUser, VerifyUser } from './VerifyUser.tsx';
export { NO_OPTIONS, loadSignInOptions, warnUnknownRoute, type SignInOptions } from './widget-routes.ts';

export type SelfServiceStep = 'sign-up' | 'confirm-sign-up' | 'verify-user' | 'confirm-verify-user';

export const SELF_SERVICE_HEADINGS: Record<SelfServiceStep, string> = {
  'sign-up': 'Create a staff account',
  'confirm-sign-up': 'Confirm your account',
  'verify-user': 'Verify your email address',
  'confirm-verify-user': 'Enter your code',
};
