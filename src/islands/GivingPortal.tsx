/**
 * "Manage my giving" (/manage-giving): a donor asks for a link with their address (a real form:
 * without JavaScript it posts and lands on /manage-giving/sent); the mailed link brings them back
 * with ?token=, and only pressing "Open my giving" uses it (mail scanners that fetch links use up
 * nothing). Then their gifts with the receipts, the yearly statements and each monthly gift,
 * which can be stopped here when it runs on PayPal's Subscriptions API, or on PayPal's page with
 * the exact steps when it runs on Payments Standard.
 */
import { useEffect, useRef, useState } from 'react';
import type { DonorGiving } from '../../api/src/donations/donor-portal.ts';
import { api } from '../lib/api-client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import { JSON_REQUEST, call, problemOf } from './api-call.ts';
import { Alert, Spinner } from './form-kit/frame.tsx';
import { useHydrated } from './form-kit/hydration.ts';
import { FormKitWords, textsIn } from './form-kit/texts.ts';
import { AskForLink } from './giving/AskForLink.tsx';
import { GivingView } from './giving/GivingView.tsx';
import { GIVING_PORTAL_TEXTS } from './giving/texts.ts';
import './giving/giving-portal.css';

type View = { name: 'ask' } | { name: 'ready'; token: string } | { name: 'opening' } | { name: 'giving'; giving: DonorGiving } | { name: 'checking' };

export default function GivingPortal({ lang }: { lang: Lang }) {
  const t = textsIn(lang, GIVING_PORTAL_TEXTS);
  const [view, setView] = useState<View>({ name: 'ask' });
  const [problem, setProblem] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();

  async function loadGiving(): Promise<boolean> {
    const answer = await call(() => api.giving.me.$get({}, JSON_REQUEST));
    if (!answer.ok) return false;
    setView({ name: 'giving', giving: answer.data as DonorGiving });
    return true;
  }

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    if (token) return setView({ name: 'ready', token });
    // A session opened earlier in this browser (a reload, the back button) shows the giving again.
    setView({ name: 'checking' });
    void loadGiving().then((shown) => shown || setView({ name: 'ask' }));
  }, []);

  useEffect(() => {
    if (view.name === 'giving' || view.name === 'ready') headingRef.current?.focus();
  }, [view.name]);

  async function open(token: string) {
    setProblem('');
    setView({ name: 'opening' });
    const answer = await call(() => api.giving.open.$post({ json: { token } }, JSON_REQUEST));
    // The token has done its work (or cannot): keep it out of history and referrers.
    history.replaceState(null, '', location.pathname);
    if (!answer.ok) {
      setProblem(answer.status === 400 ? t.givingLinkInvalid : problemOf(answer));
      return setView({ name: 'ask' });
    }
    if (!(await loadGiving())) {
      setProblem(t.networkProblem);
      setView({ name: 'ask' });
    }
  }

  async function signOut() {
    await call(() => api.giving['sign-out'].$post({}, JSON_REQUEST));
    setView({ name: 'ask' });
  }

  return (
    <FormKitWords.Provider value={t}>
      <div className="giving-portal" data-view={view.name} data-hydrated={hydrated || undefined}>
        {problem ? (
          <Alert tone="error">
            <p>{problem}</p>
          </Alert>
        ) : null}
        {view.name === 'ready' || view.name === 'opening' ? (
          <section className="giving-card" aria-labelledby="giving-open-title">
            <h2 id="giving-open-title" ref={headingRef} tabIndex={-1}>
              {t.givingOpenTitle}
            </h2>
            <p>{t.givingOpenText}</p>
            <button type="button" className="sipa-button" disabled={view.name === 'opening'} onClick={() => view.name === 'ready' && void open(view.token)}>
              {view.name === 'opening' ? <Spinner /> : null}
              <span>{t.givingOpenButton}</span>
            </button>
          </section>
        ) : view.name === 'giving' ? (
          <GivingView giving={view.giving} lang={lang} t={t} headingRef={headingRef} onSignOut={signOut} onChanged={loadGiving} />
        ) : (
          <AskForLink lang={lang} t={t} busy={view.name === 'checking'} />
        )}
      </div>
    </FormKitWords.Provider>
  );
}
