/**
 * /admin/login: sign in (Login / Logging in...), the forced new password of an invited member,
 * and "Forgot your password?" (a 6-digit code by email, then a new password). The sign-in form is
 * a real form that posts to the API before hydration; the API answers it with a 303.
 */
import { useEffect, useRef, useState, type SubmitEvent, type MouseEvent } from 'react';
import { BETTER_AUTH_PATHS, JSON_REQUEST, api } from '../../lib/api-client.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { STAFF_TEXT } from '../../lib/staff-messages.ts';
import { Field } from '../form-kit/fields.tsx';
import { Alert } from '../form-kit/frame.tsx';
import { readFormValues, useAdoptOnHydration, useHydrated } from '../form-kit/hydration.ts';
import { CodeStep } from './CodeStep.tsx';
import { CurrentPasswordField, EmailField, NewPasswordFields, StepForm, SubmitButton, setAdminHint, useNewPassword, type Notice } from './staff-kit.tsx';
import { call, callAuth, problemOf } from '../api-call.ts';
import { RequiredSetup } from './two-factor/RequiredSetup.tsx';
import { TwoFactorSignIn } from './two-factor/TwoFactorSignIn.tsx';
import { SELF_SERVICE_TEXT, socialErrorText } from '../../lib/self-service-messages.ts';
import * as SelfService from './sign-up/index.ts';

type Step = 'sign-in' | 'new-password' | 'forgot' | 'reset' | 'two-factor' | 'setup-two-factor' | SelfService.SelfServiceStep;

const signInEndpoint = api.auth['sign-in'].username;
const ERROR_TEXT: Record<string, string> = {
  invalid: STAFF_TEXT.invalidCredentials,
  locked: STAFF_TEXT.lockedOut,
  disabled: STAFF_TEXT.accountDisabled,
  busy: STAFF_TEXT.busy,
};
const HEADINGS: Record<Step, string> = {
  'sign-in': 'Sign in to the staff area',
  'new-password': 'Choose a new password',
  forgot: 'Reset your password',
  reset: 'Enter your code',
  // The two-factor screens (two-factor/) show their own headings.
  'two-factor': '',
  'setup-two-factor': '',
  ...SelfService.SELF_SERVICE_HEADINGS,
};

export default function StaffLogin() {
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>('sign-in');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The temporary password typed at sign-in, so the forced change need not ask for it again.
  const [currentPassword, setCurrentPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What the server offers (sign-up, social providers), the address awaiting its code, and a route this screen does not serve.
  const [options, setOptions] = useState<SelfService.SignInOptions>(SelfService.NO_OPTIONS);
  const [pendingEmail, setPendingEmail] = useState('');
  const [unknownRoute, setUnknownRoute] = useState(false);
  const firstRender = useRef(true);
  // What was typed into the server-rendered sign-in form before the script ran is kept.
  const signInForm = useRef<HTMLFormElement>(null);
  useAdoptOnHydration(signInForm, (form) => {
    const typed = readFormValues(form, { username: '', password: '' });
    setUsername(typed.username);
    setPassword(typed.password);
  });

  // Where a plain form post (or a link) sent us: ?error=… or ?step=….
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const error = query.get('error');
    const from = query.get('step');
    void SelfService.loadSignInOptions().then((offered) => {
      setOptions(offered);
      // A link to the sign-up tab on a server that does not allow sign-up opens sign-in.
      if (!offered.signUp) setStep((current) => (current === 'sign-up' ? 'sign-in' : current));
    });
    if (from === 'new-password' || from === 'forgot' || from === 'two-factor' || from === 'setup-two-factor') setStep(from);
    else if (from && from in SelfService.SELF_SERVICE_HEADINGS) setStep(from as Step);
    else if (from && !(from in HEADINGS)) {
      SelfService.warnUnknownRoute(from);
      setUnknownRoute(true);
    }
    const socialError = error && !ERROR_TEXT[error] && error !== 'required' ? (socialErrorText(error) ?? SELF_SERVICE_TEXT.socialFailed) : null;
    if (socialError) setNotice({ tone: 'error', text: socialError });
    if (error && ERROR_TEXT[error]) setNotice({ tone: 'error', text: ERROR_TEXT[error] });
    if (error === 'required') setFieldErrors({ username: MESSAGES.fieldRequired, password: MESSAGES.fieldRequired });
  }, []);

  // A new step gets focus on its heading, so screen readers hear where they are.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const go = (next: Step, message: Notice = null) => {
    setStep(next);
    setNotice(message);
    setFieldErrors({});
    newPassword.reset();
    history.replaceState(null, '', next === 'sign-in' ? '/admin/login' : `/admin/login?step=${next}`);
  };
  const link = (next: Step) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    go(next);
  };

  async function signIn(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!username.trim()) errors.username = MESSAGES.fieldRequired;
    if (!password) errors.password = MESSAGES.fieldRequired;
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setNotice(null);
    const answer = await call(() => signInEndpoint.$post({ json: { username: username.trim(), password } }, JSON_REQUEST));
    setBusy(false);
    if (answer.status === 200 && answer.body.next === 'admin') {
      setAdminHint(true);
      location.assign('/admin');
      return;
    }
    if (answer.status === 200 && (answer.body.next === 'two-factor' || answer.body.next === 'setup-two-factor')) {
      setCurrentPassword(password);
      setPassword('');
      go(answer.body.next);
      return;
    }
    if (answer.status === 200 && answer.body.next === 'new-password') {
      setCurrentPassword(password);
      setPassword('');
      go('new-password', { tone: 'success', text: STAFF_TEXT.forceNewPasswordLead });
      return;
    }
    if (answer.status === 200 && answer.body.next === 'verify-user') {
      setPassword('');
      go('verify-user');
      return;
    }
    setPassword('');
    if (answer.status === 403 && answer.body.code === 'not-confirmed') {
      // As the hosted widget does: a new code goes out and the confirmation screen opens.
      const address = typeof answer.body.email === 'string' ? answer.body.email : '';
      setPendingEmail(address);
      if (address) void call(() => api.auth['resend-code'].$post({ json: { email: address } }, JSON_REQUEST));
      go('confirm-sign-up', { tone: 'error', text: problemOf(answer) });
      return;
    }
    setNotice({ tone: 'error', text: answer.status === 401 ? STAFF_TEXT.invalidCredentials : problemOf(answer) });
  }

  async function changePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    newPassword.touchAll();
    const errors: Record<string, string> = {};
    if (!currentPassword) errors.currentPassword = MESSAGES.fieldRequired;
    setFieldErrors(errors);
    if (!newPassword.valid || Object.keys(errors).length) return;
    setBusy(true);
    const answer = await callAuth(BETTER_AUTH_PATHS.changePassword, { currentPassword, newPassword: newPassword.state.password });
    setBusy(false);
    if (answer.status === 200) {
      setCurrentPassword('');
      setAdminHint(true);
      location.assign('/admin');
      return;
    }
    if (answer.status === 401) {
      go('sign-in', { tone: 'error', text: STAFF_TEXT.signInRequired });
      return;
    }
    setNotice({
      tone: 'error',
      text: answer.body.code === 'INVALID_PASSWORD' ? STAFF_TEXT.wrongCurrentPassword : problemOf(answer),
    });
  }

  async function sendCode(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    // An empty field is named as such before any check of its format.
    if (!email.trim()) {
      setFieldErrors({ email: MESSAGES.fieldRequired });
      return;
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setFieldErrors({ email: MESSAGES.fieldEmail });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    const answer = await callAuth(BETTER_AUTH_PATHS.requestPasswordReset, { email: email.trim() });
    setBusy(false);
    if (answer.status === 200) {
      if (step !== 'reset') go('reset');
      setNotice({ tone: 'success', text: STAFF_TEXT.codeSent });
      return;
    }
    setNotice({ tone: 'error', text: problemOf(answer) });
  }

  async function resetPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    newPassword.touchAll();
    const errors: Record<string, string> = {};
    if (!code.trim()) errors.confirmation_code = MESSAGES.fieldRequired;
    setFieldErrors(errors);
    if (!newPassword.valid || Object.keys(errors).length) return;
    setBusy(true);
    const answer = await callAuth(BETTER_AUTH_PATHS.resetPassword, { email: email.trim(), otp: code.trim(), password: newPassword.state.password });
    setBusy(false);
    if (answer.status === 200) {
      setCode('');
      go('sign-in', { tone: 'success', text: STAFF_TEXT.resetDone });
      return;
    }
    if (answer.status === 400 && answer.body.code === 'PASSWORD_POLICY') {
      setNotice({ tone: 'error', text: problemOf(answer) });
      return;
    }
    setNotice({ tone: 'error', text: answer.status === 0 || answer.status === 429 ? problemOf(answer) : STAFF_TEXT.invalidCode });
  }

  /**
   * Where the second step of sign-in (or a required set-up) leads: the API's nextAfterSignIn
   * answers 'new-password', 'verify-user', 'setup-two-factor' or 'admin' (every member reaches
   * the staff area, whose gate refuses only its admin sections).
   */
  function afterSecondStep(next: string) {
    if (next === 'new-password') go('new-password', { tone: 'success', text: STAFF_TEXT.forceNewPasswordLead });
    else if (next === 'verify-user' || next === 'setup-two-factor') go(next);
    else {
      setAdminHint(true);
      location.assign('/admin');
    }
  }

  if (step === 'two-factor') return <TwoFactorSignIn onSignedIn={afterSecondStep} onRestart={(text) => go('sign-in', text ? { tone: 'error', text } : null)} />;
  if (step === 'setup-two-factor') {
    return (
      <RequiredSetup
        onDone={() => afterSecondStep('admin')}
        onSignedOut={() => void callAuth(BETTER_AUTH_PATHS.signOut, {}).then(() => go('sign-in'))}
      />
    );
  }

  const heading = (
    <h1 className="staff-card__title" ref={headingRef} tabIndex={-1}>
      {HEADINGS[step]}
    </h1>
  );
  const alert = notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null;
  // The spec: an unknown widget route logs a warning (done above) and renders nothing.
  if (unknownRoute) return null;
  const tabs = options.signUp && (step === 'sign-in' || step === 'sign-up');
  // Social sign-in only signs in existing members, so its buttons sit under Sign In alone.
  const social = <SelfService.SocialButtons providers={options.social} onProblem={(text) => setNotice({ tone: 'error', text })} />;

  return (
    <div className="staff-card" data-step={step} data-hydrated={hydrated ? 'true' : undefined}>
      {tabs ? <SelfService.SignInTabs current={step as 'sign-in' | 'sign-up'} onChange={(next) => go(next)} /> : null}
      {heading}
      {alert}
      {step === 'sign-up' ? (
        <div id={SelfService.TAB_PANEL_ID} role="tabpanel" aria-labelledby="staff-tab-sign-up">
          <SelfService.SignUpForm
            onCreated={(address) => {
              setPendingEmail(address);
              go('confirm-sign-up', { tone: 'success', text: SELF_SERVICE_TEXT.accountCreated });
            }}
            onProblem={(text) => setNotice(text ? { tone: 'error', text } : null)}
          />
        </div>
      ) : null}
      {step === 'confirm-sign-up' ? (
        <SelfService.ConfirmSignUp email={pendingEmail} onNotice={setNotice} onSignIn={(message) => go('sign-in', message)} onBack={() => go('sign-in')} />
      ) : null}
      {step === 'verify-user' ? <SelfService.VerifyUser onSent={() => go('confirm-verify-user', { tone: 'success', text: SELF_SERVICE_TEXT.codeSent })} onNotice={setNotice} onSignedOut={() => go('sign-in', { tone: 'error', text: STAFF_TEXT.signInRequired })} /> : null}
      {step === 'confirm-verify-user' ? <SelfService.ConfirmVerifyUser onNotice={setNotice} onSignedOut={() => go('sign-in', { tone: 'error', text: STAFF_TEXT.signInRequired })} /> : null}
      {step === 'sign-in' ? (
        // A form may not be a tab panel (ARIA in HTML), so a block around it and its social buttons carries the role.
        <div {...(tabs ? { id: SelfService.TAB_PANEL_ID, role: 'tabpanel', 'aria-labelledby': 'staff-tab-sign-in' } : {})}>
          <form
            ref={signInForm}
            className="sipa-form staff-form"
            method="post"
            action={signInEndpoint.$path()}
            noValidate={hydrated}
            onSubmit={signIn}
          >
            <Field
              id="staff-username"
              name="username"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onValue={(_, value) => setUsername(value)}
              error={fieldErrors.username}
            />
            <CurrentPasswordField id="staff-password" name="password" label="Password" value={password} onValue={setPassword} error={fieldErrors.password} />
            <SubmitButton busy={busy} idle={STAFF_TEXT.login} working={STAFF_TEXT.loggingIn} />
            <p className="staff-links">
              <a href="/admin/login?step=forgot" onClick={link('forgot')}>
                {STAFF_TEXT.forgotPassword}
              </a>
            </p>
          </form>
          {social}
        </div>
      ) : null}

      {step === 'new-password' ? (
        <StepForm onSubmit={changePassword} busy={busy} idle={STAFF_TEXT.changePassword} working={STAFF_TEXT.changing} onBack={() => go('sign-in')}>
          {!currentPassword || fieldErrors.currentPassword ? (
            <CurrentPasswordField
              id="staff-current"
              name="currentPassword"
              label="Temporary password"
              value={currentPassword}
              onValue={setCurrentPassword}
              error={fieldErrors.currentPassword}
            />
          ) : null}
          <NewPasswordFields idPrefix="staff-new" flow={newPassword} />
        </StepForm>
      ) : null}

      {step === 'forgot' ? (
        <StepForm onSubmit={sendCode} busy={busy} idle={STAFF_TEXT.sendCode} working={STAFF_TEXT.sending} onBack={() => go('sign-in')}>
          <p className="staff-lead">We will send a 6-digit code to the email address of your staff account.</p>
          <EmailField id="staff-email" value={email} onValue={setEmail} error={fieldErrors.email} />
        </StepForm>
      ) : null}

      {step === 'reset' ? (
        <CodeStep
          codeId="staff-code"
          codeLabel="Code"
          code={code}
          onCode={setCode}
          codeError={fieldErrors.confirmation_code}
          afterCode={<NewPasswordFields idPrefix="staff-reset" flow={newPassword} />}
          busy={busy}
          idle={STAFF_TEXT.submit}
          working={STAFF_TEXT.submitting}
          resendDisabled={busy}
          onResend={() => void sendCode()}
          onBack={() => go('sign-in')}
          onSubmit={resetPassword}
        />
      ) : null}
    </div>
  );
}
