/** The request for a one-time link: a real form that posts without JavaScript (to /manage-giving/sent), enhanced here. */
import { newsletterSchema as givingLinkSchema } from '../../../api/src/schemas.ts';
import { api } from '../../lib/api-client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { problemOf } from '../api-call.ts';
import { Honeypot } from '../form-kit/fields.tsx';
import { useFormFlow } from '../form-kit/flow.ts';
import { Alert, LangField, Spinner } from '../form-kit/frame.tsx';
import { useHydrated } from '../form-kit/hydration.ts';
import { WayForward } from '../way-forward.tsx';
import type { GivingTexts as T } from './texts.ts';

export function AskForLink({ lang, t, busy }: { lang: Lang; t: T; busy: boolean }) {
  const hydrated = useHydrated();
  const flow = useFormFlow({ schema: givingLinkSchema, endpoint: api.giving.link, initial: { email: '' }, lang, texts: t, failure: (result) => problemOf(result as never) });
  const error = flow.errors.email;
  const submitting = flow.status === 'submitting';
  return (
    <form ref={flow.formRef} className="giving-card giving-ask" method="post" action={api.giving.link.$path()} noValidate={hydrated} onSubmit={flow.submit} aria-busy={busy || undefined}>
      <Honeypot idPrefix="giving" />
      <LangField lang={lang} />
      <div className="sipa-field">
        <label htmlFor="giving-email">{t.givingEmailLabel}</label>
        <input
          id="giving-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={flow.values.email}
          onChange={(event) => flow.setValue('email', event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'giving-email-error' : 'giving-status'}
        />
        {error ? (
          <p className="sipa-field-error" id="giving-email-error">
            {error}
          </p>
        ) : null}
      </div>
      <button className="sipa-button" type="submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        <span>{t.givingSendLink}</span>
      </button>
      <div id="giving-status" aria-live="polite">
        {flow.status === 'success' ? (
          <Alert tone="success">
            <p>{flow.successMessage}</p>
          </Alert>
        ) : null}
      </div>
      {flow.status === 'error' ? (
        <Alert tone="error">
          <p>{flow.alert}</p>
          <WayForward />
        </Alert>
      ) : null}
    </form>
  );
}
