/**
 * The staff area's Newsletter panel (administrators): the spec's send form (Subject Line, HTML
 * Content, Plain Text Content, Send Newsletter), with a server-cleaned preview in a sandboxed
 * frame, plain text filled from the HTML, a test send to the signed-in address, the audience and
 * time (AudienceAndTime.tsx), the number of confirmed subscribers it will reach, live progress and
 * the campaign history with pause, resume and cancel. Self-contained: mount <NewsletterPanel /> wherever the staff area shows a section.
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { STAFF_LANGUAGE_NAMES, confirmSendDetail, confirmSendQuestion, type AudienceCounts, type SendChoice } from '../../../lib/newsletter-audience.ts';
import { scheduledTime, scheduledTimeShort } from '../../../lib/newsletter-schedule.ts';
import { AudienceAndTime, initialAudienceAndTime, sendTarget } from './AudienceAndTime.tsx';
import { newsletterSent } from '../../../lib/messages.ts';
import { NEWSLETTER_HTML_ROWS, NEWSLETTER_TEXT_ROWS } from '../../../lib/constants.ts';
import { problemOf } from '../../api-call.ts';
import { BROADCAST_LIMITS } from '../../../../api/src/newsletter-broadcast/schema.ts';
import { Field } from '../../form-kit/fields.tsx';
import { Alert } from '../../form-kit/frame.tsx';
import { CampaignProgress, STATUS_LABEL } from './CampaignProgress.tsx';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, formatDateTime } from '../inbox/staff-api.ts';
import { call, SEND_TEXT, type CampaignSummary } from './newsletter-api.ts';
import { useSignInAgain } from '../SignInAgainDialog.tsx';
import { DraftStatus, Drafts } from './Drafts.tsx';
import { useDraft, type Draft } from './useDraft.ts';
import './newsletter.css';

type Values = { subject: string; body_html: string; body_text: string };
const EMPTY: Values = { subject: '', body_html: '', body_text: '' };

const when = formatDateTime;

export function NewsletterPanel() {
  const [values, setValues] = useState<Values>(EMPTY);
  // An ended session asks for the password in place and the request goes on; the text is saved as a draft as it is typed.
  const signIn = useSignInAgain();
  const draft = useDraft(values, { retryOn401: signIn.retryOn401, ask: signIn.ask, onRestore: setValues });
  const [draftsVersion, setDraftsVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState('');
  const [audience, setAudience] = useState<AudienceCounts | null>(null);
  const [target, setTarget] = useState(initialAudienceAndTime);
  const [targetError, setTargetError] = useState('');
  const [denied, setDenied] = useState(false);
  const [campaigns, setCampaigns] = useState<CampaignSummary[]>([]);
  const [delivery, setDelivery] = useState<'smtp' | 'log'>('smtp');
  const [current, setCurrent] = useState<CampaignSummary | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewWidth, setPreviewWidth] = useState<'phone' | 'desktop'>('phone');
  const [toolNote, setToolNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busyTool, setBusyTool] = useState<'' | 'preview' | 'fill' | 'test'>('');
  /** The audience the confirmation step names, counted when Send Newsletter is pressed. */
  const [confirming, setConfirming] = useState<(SendChoice & { counts: AudienceCounts }) | null>(null);
  // Focus follows each action to what it produced, so a keyboard or screen-reader user lands on it.
  const confirmRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const [focusTarget, setFocusTarget] = useState<'' | 'confirm' | 'result' | 'preview' | 'text' | 'note' | 'at' | 'subject'>('');
  useEffect(() => {
    if (!focusTarget) return;
    const byId = (id: string) => ({ current: document.getElementById(id) });
    const element = { confirm: confirmRef, result: resultRef, preview: previewRef, text: byId('nl-text'), note: byId('nl-tool-note'), at: byId('nl-at'), subject: byId('nl-subject') }[focusTarget].current;
    element?.focus();
    setFocusTarget('');
  }, [focusTarget]);

  const refresh = useCallback(async (): Promise<AudienceCounts | null> => {
    const [count, history] = await Promise.all([
      call(() => api['newsletter-campaigns'].audience.$get({}, JSON_REQUEST)),
      call(() => api['newsletter-campaigns'].$get({}, JSON_REQUEST)),
    ]);
    if (!count.ok && (count.status === 401 || count.status === 403)) {
      setDenied(true);
      return null;
    }
    if (count.ok) setAudience(count.data.languages);
    if (history.ok) {
      setCampaigns(history.data.campaigns);
      setDelivery(history.data.delivery);
    }
    return count.ok ? count.data.languages : null;
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const onValue = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  /** Send Newsletter asks first: the audience is counted now, named with its size per language. */
  async function askToSend(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult('');
    const chosen = sendTarget(target);
    setTargetError(chosen.ok ? '' : chosen.message);
    if (!chosen.ok) return setFocusTarget('at');
    const answer = await signIn.retryOn401(() => call(() => api['newsletter-campaigns'].audience.$get({}, JSON_REQUEST)));
    if (!answer.ok) {
      if (answer.status === 403) return setDenied(true);
      setResult('network' in answer ? SEND_TEXT.network : answer.message ? SEND_TEXT.error(answer.message) : SEND_TEXT.failedNoMessage);
      return setFocusTarget('result');
    }
    setAudience(answer.data.languages);
    setConfirming({ counts: answer.data.languages, lang: chosen.lang, at: chosen.scheduledAt });
    setFocusTarget('confirm');
  }

  async function send(choice: SendChoice) {
    setConfirming(null);
    setSending(true);
    setResult('');
    // The draft is saved first, so the send names it and the server removes it with the send.
    // Quietly: if the session has ended, the send below asks for the password, once.
    const draftId = await draft.save({ quiet: true });
    const json = { ...values, audience: choice.lang ?? ('all' as const), scheduled_at: choice.at ?? null, ...(draftId ? { draft_id: draftId } : {}) };
    const answer = await signIn.retryOn401(() => call(() => api['send-newsletter'].$post({ json }, JSON_REQUEST)));
    setSending(false);
    setFocusTarget('result');
    if (answer.ok) {
      const { scheduled_at: at, total_subscribers: total } = answer.data;
      // The spec's success message follows a send; a scheduled one has not gone out yet.
      setResult(at ? scheduledResult(values.subject.trim(), total, choice, at) : newsletterSent(total));
      // The draft became the campaign (the server removed it): the form starts afresh.
      draft.reset();
      setDraftsVersion((n) => n + 1);
      setValues(EMPTY);
      setTarget(initialAudienceAndTime());
      setPreview(null);
      if (answer.data.campaign_id && !at) {
        const started = await call(() => api['newsletter-campaigns'][':id'].$get({ param: { id: answer.data.campaign_id } }, JSON_REQUEST));
        if (started.ok) setCurrent(started.data);
      }
      // The history is read after the campaign: a small list can finish before its progress is
      // first shown, and then no poll would come to refresh a history read while it was sending.
      await refresh();
      return;
    }
    if ('network' in answer) return setResult(SEND_TEXT.network);
    setResult(answer.message ? SEND_TEXT.error(answer.message) : SEND_TEXT.failedNoMessage);
  }

  async function cleaned(): Promise<{ html: string; text: string; document: string; url: string } | null> {
    const answer = await signIn.retryOn401(() => call(() => api['newsletter-campaigns'].preview.$post({ json: { body_html: values.body_html } }, JSON_REQUEST)));
    if (answer.ok) return answer.data;
    setToolNote({ tone: 'error', text: problemOf(answer, 'The preview could not be made.') });
    return null;
  }

  async function showPreview() {
    setBusyTool('preview');
    setToolNote(null);
    const result = await cleaned();
    setBusyTool('');
    if (result) {
      // The document at its own address, with its own policy: the staff page's would hide the template's colours and logo.
      setPreview(result.url || '<p>Nothing to show: the HTML is empty once cleaned.</p>');
      setFocusTarget('preview');
    } else setFocusTarget('note');
  }

  async function fillText() {
    setBusyTool('fill');
    setToolNote(null);
    const result = await cleaned();
    setBusyTool('');
    if (result) {
      setValues((v) => ({ ...v, body_text: result.text }));
      setFocusTarget('text');
    } else setFocusTarget('note');
  }

  async function testSend() {
    setBusyTool('test');
    setToolNote(null);
    const answer = await signIn.retryOn401(() => call(() => api['newsletter-campaigns'].test.$post({ json: values }, JSON_REQUEST)));
    setBusyTool('');
    if (answer.ok) setToolNote({ tone: 'success', text: answer.data.message });
    else setToolNote({ tone: 'error', text: problemOf(answer, 'The test could not be sent.') });
    setFocusTarget('note');
  }

  /** A draft from the list goes into the form, once what the form holds is saved. */
  async function openDraft(opened: Draft) {
    await draft.save();
    draft.adopt(opened);
    setValues({ subject: opened.subject, body_html: opened.body_html, body_text: opened.body_text });
    setPreview(null);
    setResult('');
    setToolNote(null);
    setFocusTarget('subject');
  }

  async function act(campaign: CampaignSummary, action: 'pause' | 'resume' | 'cancel') {
    const answer = await call(() => api['newsletter-campaigns'][':id'][':action{pause|resume|cancel}'].$post({ param: { id: campaign.id, action } }, JSON_REQUEST));
    if (answer.ok && current?.id === campaign.id) setCurrent(answer.data);
    await refresh();
  }

  const onProgress = useCallback(
    (c: CampaignSummary) => {
      if (c.status !== 'running') void refresh();
    },
    [refresh],
  );

  if (denied) {
    return (
      <Alert tone="error">
        Sending newsletters needs an administrator's session. <a href="/admin/login">Sign in</a>
      </Alert>
    );
  }

  const canTest = Boolean(values.subject.trim() && values.body_html.trim() && values.body_text.trim());
  return (
    <section className="nl-panel" aria-labelledby="nl-title">
      <h2 id="nl-title">Newsletter</h2>
      <p className="nl-audience" data-testid="audience">
        {audience === null ? 'Counting confirmed subscribers…' : audienceLine(audience, target.audience === 'all' ? null : target.audience)}
        {delivery === 'log' ? ' Mail is logged on the server, not sent: SMTP_URL is not set.' : ''}
      </p>
      <form className="nl-form sipa-form" onSubmit={(e) => void askToSend(e)} noValidate={false}>
        <Field id="nl-subject" name="subject" label="Subject Line" value={values.subject} onValue={onValue} required disabled={sending} maxLength={BROADCAST_LIMITS.subject} />
        <Field id="nl-html" name="body_html" label="HTML Content" value={values.body_html} onValue={onValue} multiline rows={NEWSLETTER_HTML_ROWS} required disabled={sending} spellCheck={false} />
        <div className="nl-tools">
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void showPreview()} disabled={!values.body_html.trim() || busyTool !== ''}>
            {busyTool === 'preview' ? 'Preparing preview...' : 'Preview'}
          </button>
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void fillText()} disabled={!values.body_html.trim() || busyTool !== ''}>
            {busyTool === 'fill' ? 'Filling...' : 'Fill plain text from HTML'}
          </button>
        </div>
        {preview !== null ? (
          <figure className="nl-preview" ref={previewRef} tabIndex={-1} aria-label="Newsletter preview">
            <figcaption>Preview, as subscribers will see it: in the newsletter template, cleaned on the server, with the footer each copy gets (its unsubscribe link is each subscriber's own)</figcaption>
            <div className="nl-preview__widths" role="group" aria-label="Preview width">
              {(['phone', 'desktop'] as const).map((width) => (
                <button key={width} type="button" className="sipa-button sipa-button--secondary nl-small" aria-pressed={previewWidth === width} onClick={() => setPreviewWidth(width)}>
                  {width === 'phone' ? 'Phone' : 'Desktop'}
                </button>
              ))}
            </div>
            <div className="nl-preview__frame" role="region" aria-label="Preview at this width" tabIndex={0}>
              <iframe title="Newsletter preview" sandbox="" {...(preview.startsWith('/') ? { src: preview } : { srcDoc: preview })} className={`nl-preview__iframe nl-preview__iframe--${previewWidth}`} />
            </div>
          </figure>
        ) : null}
        <Field id="nl-text" name="body_text" label="Plain Text Content" value={values.body_text} onValue={onValue} multiline rows={NEWSLETTER_TEXT_ROWS} required disabled={sending} />
        <AudienceAndTime value={target} onChange={setTarget} counts={audience} error={targetError} disabled={sending || confirming !== null} />
        {toolNote ? (
          <Alert id="nl-tool-note" tone={toolNote.tone}>
            {toolNote.text}
          </Alert>
        ) : null}
        {confirming ? (
          <div role="alertdialog" aria-labelledby="nl-confirm-question" aria-describedby="nl-confirm-detail" className="nl-confirm" ref={confirmRef} tabIndex={-1}>
            <p id="nl-confirm-question" className="nl-confirm__question">
              {confirmSendQuestion(confirming.counts, confirming)}
            </p>
            <p id="nl-confirm-detail" className="nl-confirm__detail">
              {confirmSendDetail(values.subject.trim(), confirming)}
            </p>
            <div className="nl-actions">
              <button type="button" className="sipa-button" onClick={() => void send(confirming)}>
                Yes, send it
              </button>
              <button type="button" className="sipa-button sipa-button--secondary" onClick={() => setConfirming(null)}>
                Go back
              </button>
            </div>
          </div>
        ) : null}
        <DraftStatus state={draft.state} onSignIn={() => void draft.signInAndSave()} />
        <div className="nl-actions" hidden={confirming !== null}>
          <button type="submit" className="sipa-button" disabled={sending}>
            {sending ? SEND_TEXT.busy : SEND_TEXT.button}
          </button>
          <button type="button" className="sipa-button sipa-button--secondary" onClick={() => void testSend()} disabled={!canTest || busyTool !== '' || sending}>
            {busyTool === 'test' ? 'Sending test...' : 'Send a test to me'}
          </button>
        </div>
        {result ? (
          <p ref={resultRef} tabIndex={-1} className={`nl-result ${result.includes('Error') ? 'nl-result--error' : 'nl-result--success'}`} role={result.includes('Error') ? 'alert' : 'status'}>
            {result}
          </p>
        ) : null}
      </form>

      <Drafts
        openId={draft.id}
        saved={draft.saved}
        reloadKey={draftsVersion}
        retryOn401={signIn.retryOn401}
        onOpen={openDraft}
        onDeleted={(id) => {
          if (id !== draft.id) return;
          draft.reset();
          setValues(EMPTY);
          setPreview(null);
        }}
      />
      {signIn.dialog}

      {current ? <CampaignProgress initial={current} onChange={onProgress} /> : null}

      <h3 className="nl-history__title">Sent newsletters</h3>
      {campaigns.length === 0 ? (
        <p className="nl-history__empty">No newsletter has been sent yet.</p>
      ) : (
        <div className="nl-history">
          <table>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">To</th>
                <th scope="col">Sent</th>
                <th scope="col">Failed</th>
                <th scope="col">Sent by</th>
                <th scope="col">Queued</th>
                <th scope="col">
                  <span className="nl-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((c) => (
                <tr key={c.id}>
                  <td data-label="Subject">{c.subject}</td>
                  <td data-label="Status">
                    <span className={`nl-status nl-status--${c.status}`}>{STATUS_LABEL[c.status]}</span>
                    {c.status === 'scheduled' && c.scheduledAt ? <span className="nl-history__when"> for {scheduledTimeShort(c.scheduledAt)}</span> : null}
                  </td>
                  <td data-label="To">{c.audienceLang ? STAFF_LANGUAGE_NAMES[c.audienceLang] : 'All'}</td>
                  <td data-label="Sent">
                    {c.sent} of {c.total}
                  </td>
                  <td data-label="Failed">{c.failed}</td>
                  <td data-label="Sent by">{c.createdBy}</td>
                  <td data-label="Queued">{when(c.createdAt)}</td>
                  <td className="nl-history__actions">
                    {c.status === 'running' ? (
                      <button type="button" className="nl-link-button" onClick={() => void act(c, 'pause')}>
                        Pause
                      </button>
                    ) : null}
                    {c.status === 'paused' ? (
                      <button type="button" className="nl-link-button" onClick={() => void act(c, 'resume')}>
                        Resume
                      </button>
                    ) : null}
                    {c.status === 'scheduled' || c.status === 'running' || c.status === 'paused' ? (
                      <button type="button" className="nl-link-button" onClick={() => void act(c, 'cancel')}>
                        Cancel
                      </button>
                    ) : null}
                    {c.status === 'running' || c.status === 'paused' ? (
                      <button type="button" className="nl-link-button" onClick={() => setCurrent(c)}>
                        Progress
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The line above the form: how many the chosen audience is now. */
function audienceLine(counts: AudienceCounts, lang: SendChoice['lang']): string {
  const n = lang ? counts[lang] : Object.values(counts).reduce((sum, k) => sum + k, 0);
  const who = lang ? `${STAFF_LANGUAGE_NAMES[lang]}-language ${n === 1 ? 'subscriber' : 'subscribers'}` : n === 1 ? 'subscriber' : 'subscribers';
  return `This newsletter will go to ${n} confirmed ${who}.`;
}

/** What a scheduled send answers: what, to how many, when (in the organisation's zone), and how to stop it. */
function scheduledResult(subject: string, total: number, choice: SendChoice, at: string): string {
  const who = choice.lang ? `${STAFF_LANGUAGE_NAMES[choice.lang]}-language subscribers` : 'subscribers';
  return `Scheduled: “${subject}” goes to ${total.toLocaleString('en-US')} ${who} on ${scheduledTime(at)}. Cancel it in the history until then.`;
}

export default NewsletterPanel;
