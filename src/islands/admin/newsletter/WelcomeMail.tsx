/**
 * The Newsletter area's "Welcome mail" section (administrators): the subject and message a
 * subscriber receives once, on confirming, in the language they signed up in. One switch per
 * language; each language's text is saved to the server on its own, and until staff save one
 * the default text is shown (and sent). Self-contained: mount <WelcomeMail /> under the panel.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../../lib/api-client.ts';
import { LANGUAGES, type Lang } from '../../../lib/i18n/languages.ts';
import { WELCOME_LIMITS } from '../../../../api/src/newsletter-broadcast/welcome-schema.ts';
import { NEWSLETTER_TEXT_ROWS } from '../../../lib/constants.ts';
import { Field } from '../../form-kit/fields.tsx';
import { Alert } from '../../form-kit/frame.tsx';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf, type Issue } from '../../api-call.ts';
import { formatDateTime } from '../inbox/staff-api.ts';
import './newsletter.css';
import './welcome.css';

interface Entry {
  subject: string;
  body: string;
  custom: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}
type Values = { subject: string; body: string };

/** Each language in English, as the rest of the staff area speaks. */
const LANGUAGE_NAME: Record<Lang, string> = { en: 'English', fr: 'French', sw: 'Swahili' };

const when = formatDateTime;

export function WelcomeMail() {
  const [entries, setEntries] = useState<Record<Lang, Entry> | null>(null);
  /** What is in the fields for each language, kept while switching between them. */
  const [drafts, setDrafts] = useState<Partial<Record<Lang, Values>>>({});
  const [lang, setLang] = useState<Lang>('en');
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadProblem, setLoadProblem] = useState('');
  const [focusNote, setFocusNote] = useState(false);
  useEffect(() => {
    if (!focusNote) return;
    document.getElementById('welcome-note')?.focus();
    setFocusNote(false);
  }, [focusNote]);

  useEffect(() => {
    void (async () => {
      const answer = await call(() => api['newsletter-welcome'].$get({}, JSON_REQUEST), SIGN_IN_ON_401);
      if (answer.ok) setEntries(answer.data.welcome);
      else if (answer.status !== 403) setLoadProblem(problemOf(answer));
    })();
  }, []);

  if (loadProblem) return <Alert tone="error">{loadProblem}</Alert>;
  if (!entries) return null;

  const entry = entries[lang];
  const values: Values = drafts[lang] ?? { subject: entry.subject, body: entry.body };
  const name = LANGUAGE_NAME[lang];
  const onValue = (field: string, value: string) => setDrafts((d) => ({ ...d, [lang]: { ...values, [field]: value } }));

  /** The language's entry as the server now has it; its fields show it again. */
  function settle(saved: Entry) {
    setEntries((e) => (e ? { ...e, [lang]: saved } : e));
    setDrafts((d) => ({ ...d, [lang]: undefined }));
  }
  function refused(message: string, issues?: Issue[]) {
    const byField: Partial<Record<keyof Values, string>> = {};
    for (const issue of issues ?? []) if ((issue.path === 'subject' || issue.path === 'body') && !byField[issue.path]) byField[issue.path] = issue.message;
    setErrors(byField);
    setNote({ tone: 'error', text: issues?.length ? `The ${name} welcome was not saved: ${issues[0]!.message}.` : message });
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    setErrors({});
    const answer = await call(() => api['newsletter-welcome'][':lang'].$put({ param: { lang }, json: values }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    if (answer.ok) {
      settle(answer.data);
      setNote({ tone: 'success', text: `Saved. Subscribers who confirm in ${name} now receive this welcome.` });
    } else refused(problemOf(answer), answer.issues);
    setFocusNote(true);
  }

  async function useDefault() {
    setBusy(true);
    setNote(null);
    setErrors({});
    const answer = await call(() => api['newsletter-welcome'][':lang'].$delete({ param: { lang } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(false);
    if (answer.ok) {
      settle(answer.data);
      setNote({ tone: 'success', text: `The default ${name} welcome is back.` });
    } else refused(problemOf(answer));
    setFocusNote(true);
  }

  function choose(next: Lang) {
    setLang(next);
    setNote(null);
    setErrors({});
  }

  return (
    <section className="nl-welcome" aria-labelledby="welcome-title">
      <h3 id="welcome-title">Welcome mail</h3>
      <p className="nl-welcome__lead">
        Sent once to each subscriber when they confirm, in the language they signed up in, in the newsletter template with the unsubscribe link at the foot.
      </p>
      <div className="nl-welcome__langs" role="group" aria-label="Language of the welcome mail">
        {LANGUAGES.map(({ code }) => (
          <button key={code} type="button" className="sipa-button sipa-button--secondary nl-small" aria-pressed={lang === code} onClick={() => choose(code)}>
            {LANGUAGE_NAME[code]}
          </button>
        ))}
      </div>
      <form className="nl-form sipa-form" onSubmit={(e) => void save(e)} noValidate aria-label={`${name} welcome mail`}>
        <p className="nl-welcome__state">
          {entry.custom && entry.updatedAt
            ? `Written by ${entry.updatedBy ?? 'staff'} on ${when(entry.updatedAt)}.`
            : `The default ${name} text: change it and save to send your own.`}
        </p>
        <Field id="welcome-subject" name="subject" label="Subject" value={values.subject} onValue={onValue} required maxLength={WELCOME_LIMITS.subject} error={errors.subject} disabled={busy} lang={lang} />
        <Field
          id="welcome-body"
          name="body"
          label="Message"
          hint="A blank line starts a new paragraph; https:// addresses become links. HTML is cleaned as in a newsletter."
          value={values.body}
          onValue={onValue}
          multiline
          rows={NEWSLETTER_TEXT_ROWS}
          required
          maxLength={WELCOME_LIMITS.body}
          error={errors.body}
          disabled={busy}
          lang={lang}
        />
        {note ? (
          <Alert id="welcome-note" tone={note.tone}>
            {note.text}
          </Alert>
        ) : null}
        <div className="nl-actions">
          <button type="submit" className="sipa-button" disabled={busy}>
            {busy ? 'Saving...' : `Save the ${name} welcome`}
          </button>
          {entry.custom ? (
            <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void useDefault()} disabled={busy}>
              Use the default text
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

export default WelcomeMail;
