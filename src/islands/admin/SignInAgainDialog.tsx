/**
 * Signing in again without leaving the page, for any staff panel: when a request answers 401 (the
 * session ended while someone was working), a modal dialog asks for the password, and the second
 * factor if the account has one (the sign-in screen's own TwoFactorSignIn), then the request is
 * made again. Nothing on the page is touched meanwhile, so nothing typed is lost; Cancel closes it
 * and leaves the page as it was. Use:
 *   const signIn = useSignInAgain();
 *   const answer = await signIn.retryOn401(() => call(() => api…$post(…)));
 *   … {signIn.dialog}
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { JSON_REQUEST, api } from '../../lib/api-client.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { STAFF_TEXT } from '../../lib/staff-messages.ts';
import { Field } from '../form-kit/fields.tsx';
import { Alert } from '../form-kit/frame.tsx';
import { CurrentPasswordField, SubmitButton, type Notice } from './staff-kit.tsx';
import { call, problemOf } from '../api-call.ts';
import { $staffMember, useStaffMember, type StaffMember } from './staff-member.ts';
import { TwoFactorSignIn } from './two-factor/TwoFactorSignIn.tsx';
import './sign-in-again.css';

export const SIGN_IN_AGAIN_TEXT = {
  heading: 'Sign in again',
  lead: 'Your session has ended. Enter your password to carry on: what you wrote stays on this page.',
  cancel: 'Cancel',
  /** The account must first do something the sign-in screen does (a new password, a second factor to set up). */
  elsewhere: 'Your account needs one more step that only the sign-in page can do. Finish signing in there, in a new tab, then come back and choose Try again.',
  openSignIn: 'Open the sign-in page in a new tab',
  tryAgain: 'Try again',
} as const;

type Step = 'password' | 'two-factor' | 'elsewhere';

/** The dialog and the promise-based question behind it; one question at a time, shared by every caller. */
export function useSignInAgain() {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ promise: Promise<boolean>; resolve: (signedIn: boolean) => void } | null>(null);

  /** Opens the dialog (or joins the question already asked); true once signed in, false on Cancel. */
  const ask = useCallback((): Promise<boolean> => {
    if (!pending.current) {
      let resolve!: (signedIn: boolean) => void;
      const promise = new Promise<boolean>((r) => (resolve = r));
      pending.current = { promise, resolve };
      setOpen(true);
    }
    return pending.current.promise;
  }, []);

  const finish = useCallback((signedIn: boolean) => {
    const current = pending.current;
    pending.current = null;
    setOpen(false);
    current?.resolve(signedIn);
  }, []);

  /** Makes the request; while it answers 401 and the member signs in again, makes it again. */
  const retryOn401 = useCallback(
    async <A extends { status: number }>(send: () => Promise<A>): Promise<A> => {
      let answer = await send();
      while (answer.status === 401 && (await ask())) answer = await send();
      return answer;
    },
    [ask],
  );

  return { ask, retryOn401, dialog: <SignInAgainDialog open={open} onDone={finish} /> };
}

export function SignInAgainDialog({ open, onDone }: { open: boolean; onDone: (signedIn: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const me = useStaffMember();
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  // showModal() makes the rest of the page inert: focus stays in the dialog until it closes, and
  // then the browser puts it back where it was (on the button that was pressed).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setUsername(me?.user.username ?? '');
      dialog.showModal();
      // The one thing to type: straight into the password (the username is known).
      document.getElementById(me ? 'sign-in-again-password' : 'sign-in-again-username')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // The next time it opens, it starts again at the password.
      setStep('password');
      setPassword('');
      setPasswordError(undefined);
      setNotice(null);
    }
  }, [open]);

  async function signedIn() {
    // The area's idea of who is signed in (and until when) follows the new session.
    const answer = await call(() => api.staff.me.$get({}, JSON_REQUEST));
    if (answer.status === 200) $staffMember.set(answer.body as unknown as StaffMember);
    onDone(true);
  }

  function afterSecondStep(next: string) {
    if (next === 'admin') void signedIn();
    else setStep('elsewhere');
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setPasswordError(MESSAGES.fieldRequired);
    setPasswordError(undefined);
    setNotice(null);
    setBusy(true);
    const answer = await call(() => api.auth['sign-in'].username.$post({ json: { username: username.trim(), password } }, JSON_REQUEST));
    setBusy(false);
    setPassword('');
    if (answer.status === 200 && answer.body.next === 'admin') return void signedIn();
    if (answer.status === 200 && answer.body.next === 'two-factor') return setStep('two-factor');
    if (answer.status === 200) return setStep('elsewhere');
    setNotice({ tone: 'error', text: answer.status === 401 ? STAFF_TEXT.invalidCredentials : problemOf(answer) });
  }

  return (
    <dialog
      ref={dialogRef}
      className="sign-in-again"
      aria-labelledby="sign-in-again-title"
      aria-describedby="sign-in-again-lead"
      // Escape asks to cancel: the same as the Cancel button, so the caller hears of it.
      onCancel={(event) => {
        event.preventDefault();
        onDone(false);
      }}
    >
      <h2 id="sign-in-again-title" className="sign-in-again__title">
        {SIGN_IN_AGAIN_TEXT.heading}
      </h2>
      <p id="sign-in-again-lead" className="staff-lead">
        {SIGN_IN_AGAIN_TEXT.lead}
      </p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {open && step === 'password' ? (
        <form className="sipa-form staff-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field
            id="sign-in-again-username"
            name="username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            // The member who was signed in signs in again; another account would not be asked for.
            readOnly={Boolean(me)}
            value={username}
            onValue={(_, value) => setUsername(value)}
          />
          <CurrentPasswordField id="sign-in-again-password" name="password" label="Password" value={password} onValue={setPassword} error={passwordError} />
          <div className="sign-in-again__actions">
            <SubmitButton busy={busy} idle={STAFF_TEXT.login} working={STAFF_TEXT.loggingIn} className="sipa-button" />
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => onDone(false)}>
              {SIGN_IN_AGAIN_TEXT.cancel}
            </button>
          </div>
        </form>
      ) : null}
      {open && step === 'two-factor' ? (
        <>
          <TwoFactorSignIn
            onSignedIn={afterSecondStep}
            onRestart={(text) => {
              setStep('password');
              setNotice(text ? { tone: 'error', text } : null);
            }}
          />
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => onDone(false)}>
            {SIGN_IN_AGAIN_TEXT.cancel}
          </button>
        </>
      ) : null}
      {open && step === 'elsewhere' ? (
        <>
          <p className="staff-lead">{SIGN_IN_AGAIN_TEXT.elsewhere}</p>
          <p className="staff-links">
            <a href="/admin/login" target="_blank" rel="noopener">
              {SIGN_IN_AGAIN_TEXT.openSignIn}
            </a>
          </p>
          <div className="sign-in-again__actions">
            <button type="button" className="sipa-button" onClick={() => onDone(true)}>
              {SIGN_IN_AGAIN_TEXT.tryAgain}
            </button>
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => onDone(false)}>
              {SIGN_IN_AGAIN_TEXT.cancel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
