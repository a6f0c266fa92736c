/**
 * The registration form on an event's page: who is coming, how many, the language for our mail
 * and what to prepare. A real form that posts without JavaScript (the API answers with the
 * result page); hydrated, it shows the places left (from the API: the page is static) and says
 * "Join the waiting list" once the event is full. The answer (registered, or the place in the
 * waiting list) replaces the form.
 */
import { EVENT_PARTY_MAX, REGISTRATION_NEEDS } from '../lib/constants.ts';
import { LIMITS, eventRegistrationSchema } from '../../api/src/schemas.ts';
import { useEffect, useState } from 'react';
import { api } from '../lib/api-client.ts';
import { call } from './api-call.ts';
import { LANGUAGES, type Lang } from '../lib/i18n/languages.ts';
import { CheckboxGroup, EmailField, Field, PhoneField, RadioGroup, SelectField } from './form-kit/fields.tsx';
import { ANSWER_FIELD_PREFIX, answerField, answerIssues } from '../lib/registration-questions.ts';
import type { RegistrationQuestion } from '../lib/content-schemas.ts';
import { REGISTRATION_ANSWER_MAX } from '../lib/constants.ts';
import { bindField, useAlertFocus, useFormFlow } from './form-kit/flow.ts';
import { FormDone, FormFrame } from './form-kit/frame.tsx';
import { FORM_KIT_TEXTS, fill, localizeErrors, textsIn } from './form-kit/texts.ts';

const NEED_TEXTS = { interpreter: 'eventNeedInterpreter', wheelchair: 'eventNeedWheelchair', childcare: 'eventNeedChildcare' } as const;

export const EVENT_REGISTRATION_TEXTS = [
  ...FORM_KIT_TEXTS,
  'unexpected',
  'eventRegisterFailure',
  'eventFormLabel',
  'eventFormLegend',
  'formName',
  'formEmail',
  'formPhone',
  'eventFormParty',
  'eventFormPartyHint',
  'eventFormMailLang',
  'eventFormNeeds',
  'eventFormNotes',
  'eventRegisterSubmit',
  'eventWaitlistSubmit',
  'eventRegisterSending',
  'eventPlacesLeft',
  'eventPlaceLeft',
  'eventFull',
  'eventRegistered',
  'fieldParty',
  ...Object.values(NEED_TEXTS),
] as const;

export interface EventRegistrationFormProps {
  eventId: string;
  lang: Lang;
  /** Whether the event has a limit at all (then the island asks how many places are left). */
  limited: boolean;
  /** The event's own questions, in the page's language. */
  questions?: RegistrationQuestion[];
}

type FormValues = Record<string, string | string[]>;
type KnownValues = { event: string; name: string; email: string; phone: string; party: string; mailLang: string; needs: string[]; notes: string };

/** The flat fields (`answers.<id>`) as the schema's `answers` record; unanswered questions left out. */
function registrationInput(values: FormValues) {
  const answers: Record<string, string> = {};
  const rest: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(ANSWER_FIELD_PREFIX)) {
      if (typeof value === 'string' && value.trim()) answers[name.slice(ANSWER_FIELD_PREFIX.length)] = value;
    } else rest[name] = value;
  }
  return { ...rest, answers };
}

const PARTY_SIZES = Array.from({ length: EVENT_PARTY_MAX }, (_, i) => String(i + 1));
const PARTY_LABELS = Object.fromEntries(PARTY_SIZES.map((n) => [n, n]));
const LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((language) => [language.code, language.name])) as Record<Lang, string>;

type Places = { left: number | null; waiting: number; open: boolean };

export default function EventRegistrationForm({ eventId, lang, limited, questions = [] }: EventRegistrationFormProps) {
  const t = textsIn(lang, EVENT_REGISTRATION_TEXTS);
  const [places, setPlaces] = useState<Places | null>(null);
  const unanswered = Object.fromEntries(questions.map((question) => [answerField(question.id), '']));
  const flow = useFormFlow({
    schema: eventRegistrationSchema,
    endpoint: api['event-registrations'],
    // The questions' fields (`answers.<id>`) ride along; the type names the fields every event has.
    initial: { event: eventId, name: '', email: '', phone: '', party: '1', mailLang: lang as string, needs: [] as string[], notes: '', ...unanswered } as KnownValues,
    lang,
    texts: t,
    toInput: registrationInput,
    moreErrors: (values) => localizeErrors(Object.fromEntries(answerIssues(questions, registrationInput(values).answers).map((issue) => [issue.path, issue.message])), t),
    failure: (result) => ('network' in result ? t.unexpected : (result.message ?? t.eventRegisterFailure)),
  });
  const boxRef = useAlertFocus(flow.status);

  useEffect(() => {
    if (!limited) return;
    let live = true;
    void call(() => api['event-registrations'].places.$get({ query: { event: eventId } })).then((answer) => {
      // Without an answer the form still works: it simply does not say how many places are left.
      if (live && answer.ok) setPlaces(answer.data as Places);
    });
    return () => {
      live = false;
    };
  }, [eventId, limited]);

  if (flow.status === 'success') return <FormDone boxRef={boxRef} message={flow.successMessage ?? t.eventRegistered} />;

  const field = bindField(flow, 'register');
  const full = places !== null && places.left !== null && (places.left === 0 || places.waiting > 0);
  const left = places?.left ?? null;

  return (
    <>
      {places && left !== null ? (
        <p className={`event-places${full ? ' event-places--full' : ''}`} role="status">
          {full ? t.eventFull : left === 1 ? t.eventPlaceLeft : fill(t.eventPlacesLeft, { count: left })}
        </p>
      ) : null}
      <FormFrame
        boxRef={boxRef}
        flow={flow}
        idPrefix="register"
        action={api['event-registrations'].$path()}
        label={t.eventFormLabel}
        className="event-registration-form"
        legend={t.eventFormLegend}
        submitLabel={full ? t.eventWaitlistSubmit : t.eventRegisterSubmit}
        busyLabel={t.eventRegisterSending}
        lang={lang}
        texts={t}
      >
        <input type="hidden" name="event" value={eventId} />
        <div className="form-grid">
          <Field {...field('name')} label={t.formName} required autoComplete="name" maxLength={LIMITS.name} />
          <EmailField {...field('email')} label={t.formEmail} />
          <PhoneField {...field('phone')} label={t.formPhone} />
          <SelectField {...field('mailLang')} label={t.eventFormMailLang} options={LANGUAGES.map((language) => language.code)} labels={LANGUAGE_NAMES} />
        </div>
        <SelectField {...field('party')} label={t.eventFormParty} hint={t.eventFormPartyHint} options={PARTY_SIZES} labels={PARTY_LABELS} />
        <CheckboxGroup
          idPrefix="register"
          name="needs"
          legend={t.eventFormNeeds}
          options={REGISTRATION_NEEDS}
          labels={Object.fromEntries(REGISTRATION_NEEDS.map((need) => [need, t[NEED_TEXTS[need]]])) as Record<(typeof REGISTRATION_NEEDS)[number], string>}
          selected={flow.values.needs}
          onToggle={flow.toggle}
          error={flow.errors.needs}
        />
        {questions.map((question) => {
          const name = answerField(question.id);
          const common = { name, value: ((flow.values as FormValues)[name] as string | undefined) ?? '', onValue: flow.setValue, error: flow.errors[name] };
          if (question.choices) {
            const options = question.choices.map((_, index) => String(index));
            return <RadioGroup key={question.id} idPrefix="register" legend={question.question} options={options} labels={Object.fromEntries(question.choices.map((choice, index) => [String(index), choice]))} required={question.required} {...common} />;
          }
          return <Field key={question.id} id={`register-answer-${question.id}`} label={question.question} optional={!question.required} required={question.required} maxLength={REGISTRATION_ANSWER_MAX} className="form-grid__wide" {...common} />;
        })}
        <Field {...field('notes')} label={t.eventFormNotes} optional multiline rows={3} maxLength={LIMITS.notes} className="form-grid__wide" />
      </FormFrame>
    </>
  );
}
