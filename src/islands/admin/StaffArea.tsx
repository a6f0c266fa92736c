/**
 * /admin: the gate and the staff area. Shows Loading... while it asks the server who is signed
 * in; a signed-in member sees the area (an administrator all of it, anyone else their tasks and
 * account), anyone else is sent to /admin/login. The session flag in session storage is only a
 * hint kept for the screens: it opens nothing.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { BETTER_AUTH_PATHS, JSON_REQUEST, api } from '../../lib/api-client.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { STAFF_TEXT } from '../../lib/staff-messages.ts';
import { Alert } from '../form-kit/frame.tsx';
import { CurrentPasswordField, NewPasswordFields, SubmitButton, setAdminHint, useNewPassword } from './staff-kit.tsx';
import { call, callAuth, problemOf } from '../api-call.ts';
import { InboxNewCount, InboxPanel, SubscribersPanel, useInboxNewCount } from './inbox/index.ts';
import DonationsPanel from './donations/DonationsPanel.tsx';
import { NewsletterPanel } from './newsletter/NewsletterPanel.tsx';
import { WelcomeMail } from './newsletter/WelcomeMail.tsx';
import { TasksPanel } from './tasks/TasksPanel.tsx';
import { EventsPanel } from './events/EventsPanel.tsx';
import { TwoFactorPanel } from './two-factor/TwoFactorPanel.tsx';
import { $staffMember, useStaffMember, type StaffMember } from './staff-member.ts';
import { NO_OPTIONS, loadSignInOptions, type SignInOptions } from './sign-up/widget-routes.ts';
import { SocialButtons } from './sign-up/SocialButtons.tsx';
import { SELF_SERVICE_TEXT } from '../../lib/self-service-messages.ts';

/**
 * The sections of the staff area, one shown at a time; the address's #fragment names it, so each
 * can be bookmarked. Admin sections are shown (and their data asked for) only to administrators.
 */
const SECTIONS = [
  { id: 'newsletter', label: 'Newsletter', adminOnly: true },
  { id: 'inbox', label: 'Inbox', adminOnly: true },
  { id: 'subscribers', label: 'Subscribers', adminOnly: true },
  { id: 'donations', label: 'Donations', adminOnly: true },
  { id: 'tasks', label: 'Tasks', adminOnly: false },
  { id: 'events', label: 'Events', adminOnly: false },
  { id: 'account', label: 'Account', adminOnly: false },
] as const;
type Section = (typeof SECTIONS)[number];
type SectionId = Section['id'];

/** The section named in the address among those the member may see (else the first), following the back and forward buttons. */
function useSection(sections: readonly Section[]): SectionId {
  const [wanted, setWanted] = useState(() => (typeof location === 'undefined' ? '' : location.hash.slice(1)));
  useEffect(() => {
    const follow = () => setWanted(location.hash.slice(1));
    window.addEventListener('hashchange', follow);
    // The address may have changed between the first render and this effect (effects run a frame
    // after hydration): read it again now that every later change is heard.
    follow();
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return sections.find((section) => section.id === wanted)?.id ?? sections[0].id;
}

/**
 * After a section link, focus goes to the new section's heading (the link's target is only shown,
 * not focusable, and the browser would leave focus on the page itself). Not on the first load.
 */
function useFocusOnSectionChange(section: SectionId | null) {
  const shown = useRef<SectionId | null>(null);
  useEffect(() => {
    if (section === null) return;
    const before = shown.current;
    shown.current = section;
    if (before === null || before === section) return;
    const heading = document.getElementById(section)?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [section]);
}

function leave(to: string) {
  setAdminHint(false);
  location.replace(to);
}

export default function StaffArea() {
  const me = useStaffMember();
  const [problem, setProblem] = useState('');
  const [loggingOut, setLoggingOut] = useState(false);
  // False in the server's HTML: without JavaScript the page says it needs it (StaffPage.astro) and shows no endless 'Loading...'.
  const [running, setRunning] = useState(false);
  const isAdmin = me?.user.role === 'admin';
  const sections = SECTIONS.filter((item) => isAdmin || !item.adminOnly);
  const section = useSection(sections);
  // Counted from the area the member sees: the first section shown once they are known takes no focus.
  useFocusOnSectionChange(me ? section : null);

  useEffect(() => {
    let cancelled = false;
    setRunning(true);
    (async () => {
      const answer = await call(() => api.staff.me.$get({}, JSON_REQUEST));
      if (cancelled) return;
      if (answer.status === 200) {
        setAdminHint(true);
        $staffMember.set(answer.body as unknown as StaffMember);
        return;
      }
      if ('network' in answer) return setProblem(problemOf(answer));
      if (answer.status === 403 && answer.body.code === 'password-change-required') return leave('/admin/login?step=new-password');
      if (answer.status === 403 && answer.body.code === 'two-factor-setup-required') return leave('/admin/login?step=setup-two-factor');
      return leave('/admin/login');
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  async function logout() {
    setLoggingOut(true);
    await callAuth(BETTER_AUTH_PATHS.signOut, {});
    leave('/admin/login');
  }

  if (problem) return <Alert tone="error">{problem}</Alert>;
  if (!me) {
    return (
      <p className="staff-loading" role="status" hidden={!running}>
        <span className="form-spinner" aria-hidden="true" />
        {STAFF_TEXT.loading}
      </p>
    );
  }

  return (
    <div className="staff-area">
      <header className="staff-area__bar">
        <p className="staff-area__who">
          Signed in as <strong>{me.user.username}</strong>
        </p>
        <button type="button" className="sipa-button sipa-button--secondary staff-logout" onClick={() => void logout()} disabled={loggingOut}>
          {STAFF_TEXT.logout}
        </button>
      </header>
      <StaffNav sections={sections} section={section} />
      {/* Every section stays mounted (each keeps its filters, place and typed text); only the chosen one shows. */}
      {isAdmin ? (
        <>
          <div id="newsletter" hidden={section !== 'newsletter'}>
            <NewsletterPanel />
            <WelcomeMail />
          </div>
          <div id="inbox" hidden={section !== 'inbox'}>
            <InboxPanel />
          </div>
          <div id="subscribers" hidden={section !== 'subscribers'}>
            <SubscribersPanel />
          </div>
          <div id="donations" hidden={section !== 'donations'}>
            <DonationsPanel />
          </div>
        </>
      ) : null}
      <div id="events" hidden={section !== 'events'}>
        <EventsPanel />
      </div>
      <div id="tasks" hidden={section !== 'tasks'}>
        <TasksPanel />
      </div>
      <div hidden={section !== 'account'}>
        <AccountPanel />
      </div>
    </div>
  );
}

/** The sections as links. */
function StaffNav({ sections, section }: { sections: readonly Section[]; section: SectionId }) {
  return (
    <nav className="staff-nav" aria-label="Staff area">
      <ul>
        {sections.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} aria-current={item.id === section ? 'page' : undefined}>
              {item.label}
              {item.id === 'inbox' ? <InboxLinkCount /> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The inbox's count of new items, asked for only once the gate has let an administrator in. */
function InboxLinkCount() {
  const newItems = useInboxNewCount();
  // The space keeps the link's name "Inbox 3 new", not "Inbox3 new".
  return newItems?.total ? (
    <>
      {' '}
      <InboxNewCount count={newItems.total} />
    </>
  ) : null;
}

function AccountPanel() {
  // Shown only inside the area, which the gate opens once the member is known.
  const me = useStaffMember()!;
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [signingOutEverywhere, setSigningOutEverywhere] = useState(false);
  const newPassword = useNewPassword();

  async function changePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    newPassword.touchAll();
    setCurrentError(current ? '' : MESSAGES.fieldRequired);
    if (!current || !newPassword.valid) return;
    setBusy(true);
    setNotice(null);
    const answer = await callAuth(BETTER_AUTH_PATHS.changePassword, { currentPassword: current, newPassword: newPassword.state.password });
    setBusy(false);
    if (answer.status === 200) {
      setCurrent('');
      newPassword.reset();
      setNotice({ tone: 'success', text: STAFF_TEXT.passwordChanged });
      return;
    }
    if (answer.status === 401) return leave('/admin/login');
    setNotice({
      tone: 'error',
      text: answer.body.code === 'INVALID_PASSWORD' ? STAFF_TEXT.wrongCurrentPassword : problemOf(answer),
    });
  }

  async function signOutEverywhere() {
    setSigningOutEverywhere(true);
    const answer = await callAuth(BETTER_AUTH_PATHS.revokeSessions, {});
    if (answer.status === 200 || answer.status === 401) return leave('/admin/login');
    setSigningOutEverywhere(false);
    setNotice({ tone: 'error', text: problemOf(answer) });
  }

  return (
    <section id="account" className="staff-panel" aria-labelledby="account-heading">
      <h2 id="account-heading" className="staff-panel__title">
        Account
      </h2>
      <dl className="staff-facts">
        <div>
          <dt>Username</dt>
          <dd>{me.user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{me.user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{me.user.role === 'admin' ? 'Administrator' : 'Staff'}</dd>
        </div>
      </dl>

      <div className="staff-panel__grid">
        <form className="sipa-form staff-form staff-subcard" noValidate onSubmit={changePassword} aria-labelledby="change-password-heading">
          <h3 id="change-password-heading">Change password</h3>
          {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
          <CurrentPasswordField id="account-current" name="currentPassword" label="Current password" value={current} onValue={setCurrent} error={currentError || undefined} />
          <NewPasswordFields idPrefix="account-new" flow={newPassword} />
          <SubmitButton busy={busy} idle={STAFF_TEXT.changePassword} working={STAFF_TEXT.changing} />
        </form>

        <div className="staff-subcard" aria-labelledby="sessions-heading" role="group">
          <h3 id="sessions-heading">Sessions</h3>
          <p className="staff-lead">
            A session ends after 30 minutes without activity and 12 hours after sign-in. Lost a device or signed in on a shared computer? End every session,
            this one included.
          </p>
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void signOutEverywhere()} disabled={signingOutEverywhere}>
            {STAFF_TEXT.signOutEverywhere}
          </button>
        </div>
        <LinkedProviders />
      </div>
      <TwoFactorPanel account={me.user.username} email={me.user.email} onSignedOut={signedOut} />
    </section>
  );
}

const signedOut = () => leave('/admin/login');

/** Linking a provider's account: the only way Amazon and Facebook, which never confirm an address, can sign the member in. */
function LinkedProviders() {
  const [options, setOptions] = useState<SignInOptions>(NO_OPTIONS);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void loadSignInOptions().then(setOptions);
  }, []);
  if (!options.social.length) return null;
  return (
    <div className="staff-subcard" aria-labelledby="providers-heading" role="group">
      <h3 id="providers-heading">Sign-in providers</h3>
      <p className="staff-lead">{SELF_SERVICE_TEXT.linkLead}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <SocialButtons mode="link" providers={options.social} onProblem={setProblem} />
    </div>
  );
}
